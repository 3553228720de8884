import { z } from 'zod';
import type { EngineName } from '../../api/engines';
import { engineNameSchema } from '../../domain/run-spec';
import { invokeChannel } from '../define';

export interface SearchHitView {
  resultId: string;
  runId: string;
  engine: EngineName;
  country: string;
  state: string | null;
  prompt: string;
  fetchedAt: number;
  /** Highlighted excerpt: matches are wrapped in \u0002 … \u0003 (split on them; never parse as HTML). */
  snippet: string;
  matchedIn: 'answer' | 'source';
}

export const historyChannels = {
  'history.search': invokeChannel(
    z
      .object({
        query: z.string().trim().min(1).max(500),
        engine: engineNameSchema.optional(),
        country: z
          .string()
          .regex(/^[A-Z]{2}$/)
          .optional(),
        runId: z.string().optional(),
        tag: z.string().optional(),
        from: z.number().int().optional(),
        to: z.number().int().optional(),
        limit: z.number().int().min(1).max(200).default(50),
        offset: z.number().int().min(0).default(0),
      })
      .strict(),
  ).returns<{
    hits: SearchHitView[];
    total: number;
    /** More answers match than were counted (total is the cap): show "1,000+". */
    totalCapped: boolean;
  }>(),
  /** Source domains per country (and over time) for a run or the whole history. */
  'history.domains': invokeChannel(
    z
      .object({
        runId: z.string().optional(),
        engine: engineNameSchema.optional(),
        limit: z.number().int().min(1).max(500).default(50),
      })
      .strict(),
  ).returns<Array<{ domain: string; country: string; count: number; avgPosition: number }>>(),
};
