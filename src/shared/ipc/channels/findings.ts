import { z } from 'zod';
import type { FindingsView } from '../../analytics/findings/types';
import { invokeChannel } from '../define';
import { visibilityQuerySchema } from './visibility';

// What changed: the period's significant changes against the previous period
// of the same length, as at most 7 ranked sentences with their numbers,
// the cells that carry them and the answers behind them. Computed in main from roll-ups.

export const findingsQuerySchema = visibilityQuerySchema
  .extend({
    /** At most this many findings (7 at most). */
    limit: z.number().int().min(1).max(7).default(7),
    /** The answers kept behind each finding (the newest first). */
    resultLimit: z.number().int().min(0).max(500).default(50),
  })
  .strict();

/** The findings as the app, the CLI and the MCP server show them (with the empty view's reason). */
export interface FindingsListView extends FindingsView {
  /** The judge whose positioning the findings count. */
  judge: string;
  /** Why there is nothing to compare, in words (null when both periods have answers). */
  empty: string | null;
}

export const findingsChannels = {
  /** At most 7 ranked findings: what changed in the period, in plain words with their statistics. */
  'findings.list': invokeChannel(findingsQuerySchema).returns<FindingsListView>(),
};
