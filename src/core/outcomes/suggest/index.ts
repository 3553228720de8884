// Prompts worth tracking: candidates from search and fan-out queries, folded and ranked.

export { suggestPrompts, type PromptSuggestion, type SourceQuery, type SuggestionSource } from './suggest';
export { foldWords, sameQuestion } from './fold';
export { isQuestionLike } from './question';
