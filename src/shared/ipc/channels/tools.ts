import { z } from 'zod';
import { invokeChannel } from '../define';

export interface CreditsView {
  remaining: number;
  perCycle: number | null;
  cycleResetsAt: string | null;
  fetchedAt: number;
}

export interface QueueStatusView {
  queuedTasks: number;
  processingTasks: number;
  priorityBreakdown: Array<{ priority: number; count: number }>;
  concurrency: { used: number; max: number } | null;
}

export const EXPORT_FORMATS = ['csv', 'xlsx', 'json', 'ndjson', 'md', 'html'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** What a CSV export holds: one row per answer (job), per product slot or per ad slot. */
export const EXPORT_TABLES = ['answers', 'products', 'ads', 'facts'] as const;
export type ExportTable = (typeof EXPORT_TABLES)[number];

export const toolsChannels = {
  'tools.resolveRedirect': invokeChannel(
    z.object({ url: z.url({ protocol: /^https?$/ }) }).strict(),
  ).returns<{
    url: string;
    redirectLink: string;
  }>(),
  'credits.get': invokeChannel(z.object({}).strict()).returns<CreditsView>(),
  'queue.status': invokeChannel(z.object({}).strict()).returns<QueueStatusView>(),
  /** Removes every QUEUED task of the organization, not only Parallax's: the UI asks first. */
  'queue.clear': invokeChannel(z.object({ confirm: z.literal(true) }).strict()).returns<{
    cleared: number;
  }>(),
  /**
   * Writes an export to a file the user picks in a save dialog; path null when they cancel the
   * dialog, canceled true when export.cancel stopped it (no file is left). With an exportId,
   * 'export.progress' events report how far it got.
   */
  'export.run': invokeChannel(
    z
      .object({
        runId: z.string().min(1),
        format: z.enum(EXPORT_FORMATS),
        /** csv: which table the file holds (answers by default); other formats hold them all. */
        table: z.enum(EXPORT_TABLES).optional(),
        exportId: z.uuid().optional(),
      })
      .strict(),
  ).returns<{
    path: string | null;
    canceled: boolean;
    /** The run had not finished: the file is partial and says so (null: complete). */
    partial: string | null;
  }>(),
  /** Stops the export started with that exportId; false when none is under way. */
  'export.cancel': invokeChannel(z.object({ exportId: z.uuid() }).strict()).returns<{ canceled: boolean }>(),
  /** A self-contained HTML report comparing the given results, for a client. */
  'export.compareReport': invokeChannel(
    z
      .object({
        resultIds: z.array(z.string().min(1)).min(1).max(20),
        title: z.string().max(200).default('Comparison'),
      })
      .strict(),
  ).returns<{ path: string | null }>(),
  'db.backup': invokeChannel(z.object({}).strict()).returns<{ path: string | null }>(),
};
