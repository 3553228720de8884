import { z } from 'zod';
import { invokeChannel } from '../define';
import { visibilityPeriodSchema } from './visibility';

// Client reports: one monitor over one period as a self-contained HTML file, an XLSX workbook
// or a PDF (the HTML printed), written where the user picks in a save dialog.

export const REPORT_FORMATS = ['html', 'xlsx', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

const id = z.string().min(1).max(64);

export const reportWriteSchema = z
  .object({
    monitorId: id,
    /** Since N days (7/30/90 in the app) or from–to, as the Visibility view's periods. */
    period: visibilityPeriodSchema.default({ days: 30 }),
    /** The focus brand; default: the first brand of kind 'brand'. */
    brandId: id.optional(),
    format: z.enum(REPORT_FORMATS).default('html'),
  })
  .strict();

export interface ReportWrittenView {
  /** Null when the user canceled the save dialog (nothing written). */
  path: string | null;
  format: ReportFormat;
  bytes: number;
  monitorName: string;
  /** The period reported (ISO dates, inclusive) and the answers in it. */
  from: string;
  to: string;
  answers: number;
}

export const reportsChannels = {
  /** Asks where to save (a save dialog), then writes the monitor's client report there. */
  'reports.write': invokeChannel(reportWriteSchema).returns<ReportWrittenView>(),
};
