import { z } from 'zod';
import { invokeChannel } from '../define';
import { visibilityPeriodSchema } from './visibility';

// Settings → Data → "Export for analysis…": the history as plain tables for other tools (a SQLite
// file or a folder of Parquet files; docs/reference/data-model.md). Main asks where to save it in
// its own dialog (the renderer never names a path), reports progress as 'dbExport.progress'
// events, and can show the written file in the system's file manager.

export const DB_EXPORT_FORMAT_VALUES = ['sqlite', 'parquet'] as const;

export interface DbExportRunView {
  /** Null when the user closed the save dialog (nothing was written). */
  path: string | null;
  canceled: boolean;
  format: (typeof DB_EXPORT_FORMAT_VALUES)[number];
  bytes: number;
  tables: Array<{ table: string; rows: number }>;
  /** Some answers come from the sandbox or the demo history. */
  synthetic: boolean;
}

export const dbExportChannels = {
  'dbExport.run': invokeChannel(
    z
      .object({
        format: z.enum(DB_EXPORT_FORMAT_VALUES),
        /** Null: the whole history. */
        period: visibilityPeriodSchema.nullable(),
        /** Null: every monitor's runs, and runs of no monitor. */
        monitorId: z.string().min(1).max(64).nullable(),
        exportId: z.uuid(),
      })
      .strict(),
  ).returns<DbExportRunView>(),
  /** Stops the export started with that exportId (its partial output is removed). */
  'dbExport.cancel': invokeChannel(z.object({ exportId: z.uuid() }).strict()).returns<{
    canceled: boolean;
  }>(),
  /** Shows a finished export's file or folder in the file manager (only one this app wrote). */
  'dbExport.showInFolder': invokeChannel(z.object({ exportId: z.uuid() }).strict()).returns<{
    shown: boolean;
  }>(),
};
