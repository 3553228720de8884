import type { PromptSuggestion, SuggestionSource } from '../suggest';

// What the prompts worth tracking read and do: the list, and a suggestion added or dismissed.

export interface SuggestionsView {
  suggestions: PromptSuggestion[];
  /** Candidates before the limit (of the source asked for, when one is). */
  total: number;
  /** Candidates per source before the limit and the source filter, dismissed ones left out. */
  bySource: Record<SuggestionSource, number>;
  /** Candidates the analyst dismissed, left out of the list. */
  dismissed: number;
  /** How each number reads, in words. */
  notes: string[];
}

/** Where a suggestion goes: the library (filed under topics, the library's tags) or a monitor. */
export type AddTarget = { library: true; topics?: readonly string[] } | { monitorId: string };

export interface SuggestOptions {
  limit?: number;
  days?: number;
  /** Only the candidates this source suggests (alone or with others). */
  source?: SuggestionSource;
}

export interface AddedSuggestion {
  suggestion: PromptSuggestion;
  target: 'library' | 'monitor';
  /** The monitor's name when added to one. */
  monitor: string | null;
  /** False when the prompt was there already (under every topic asked for). */
  added: boolean;
  /** The library prompt's topics after adding; empty for a monitor. */
  topics: string[];
}

export interface DismissedSuggestion {
  id: string;
  text: string;
  /** False when it was dismissed already. */
  dismissed: boolean;
}
