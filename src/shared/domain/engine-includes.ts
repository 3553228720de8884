import type { EngineName } from '../api/engines';
import type { IncludeFlags } from './run-spec';

// The include flags each engine's endpoint accepts (the spec's request tables): what the run
// engine passes on, what `--include` and the "track shopping and ads" option may set, and what
// Compose offers per engine.

export const ENGINE_INCLUDES: Readonly<Record<EngineName, ReadonlyArray<keyof IncludeFlags>>> = {
  'assistant-a': ['html', 'markdown', 'rawResponse', 'searchQueries', 'ads', 'shopping'],
  'assistant-b': ['html', 'markdown', 'rawResponse'],
  'assistant-c': ['html', 'markdown', 'rawResponse'],
  'assistant-d': ['html', 'markdown', 'rawResponse'],
  'assistant-e': ['html', 'markdown', 'rawResponse'],
  search: ['html', 'aioverview', 'paaAioverview'],
  'search-news': ['html'],
  'search-ai': ['html', 'markdown', 'expandProducts'],
};
