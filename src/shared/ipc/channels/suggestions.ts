import { z } from 'zod';
import { invokeChannel } from '../define';

// Prompts worth tracking in the Library: candidates from Search Console's question-like queries,
// Bing's grounding queries and the engines' fan-out queries, computed in main
// (core.services.outcomes()); one action adds one to the library or a monitor, another dismisses it.

export type SuggestionSourceName = 'gsc' | 'bing' | 'fanout';

export interface PromptSuggestionView {
  /** Stable while the folded question is the same: what `--add ID` names. */
  id: string;
  /** The text to track: the folded queries' strongest. */
  text: string;
  /** Where it came from, each source once. */
  sources: SuggestionSourceName[];
  /** The near-duplicate queries folded into it. */
  variants: string[];
  /** Search Console impressions: a proxy for how often it is searched, never a volume. */
  impressions: number | null;
  clicks: number | null;
  /** Bing: how often the site's pages were cited grounding answers to it. */
  citations: number | null;
  /** Fan-out: answers in the history whose engine searched it, and those engines. */
  answers: number | null;
  engines: string[];
  /** 0..1: the strongest of its sources' signals relative to that source's strongest. */
  score: number;
}

export interface SuggestionsListView {
  suggestions: PromptSuggestionView[];
  total: number;
  bySource: Record<SuggestionSourceName, number>;
  dismissed: number;
  notes: string[];
}

export interface SuggestionAddedView {
  suggestion: PromptSuggestionView;
  target: 'library' | 'monitor';
  monitor: string | null;
  added: boolean;
  topics: string[];
}

export const suggestionSourceSchema = z.enum(['gsc', 'bing', 'fanout']);
const suggestionId = z
  .string()
  .trim()
  .regex(/^[0-9a-f]{6,40}$/, 'a suggestion id is hexadecimal');
const topic = z.string().trim().min(1).max(50);

export const suggestionsListSchema = z
  .object({
    source: suggestionSourceSchema.optional(),
    limit: z.number().int().min(1).max(500).default(100),
  })
  .strict();

export const suggestionAddSchema = z
  .object({
    id: suggestionId,
    /** A topic to file it under in the library; ignored with a monitor. */
    topic: topic.optional(),
    /** The monitor to add it to, by id; absent: the library. */
    monitorId: z.string().min(1).max(64).optional(),
  })
  .strict();

export const suggestionsChannels = {
  'suggestions.list': invokeChannel(suggestionsListSchema).returns<SuggestionsListView>(),
  'suggestions.add': invokeChannel(suggestionAddSchema).returns<SuggestionAddedView>(),
  'suggestions.dismiss': invokeChannel(z.object({ id: suggestionId }).strict()).returns<{
    id: string;
    text: string;
    dismissed: boolean;
  }>(),
};
