// `parallax db export`'s flags as commander parses them: the command (db-export.ts) declares them
// and the work it loads when it runs (../db-export-run.ts) reads them.

export interface DbExportFlags {
  format: string;
  out: string;
  since?: string;
  from?: string;
  to?: string;
  monitor?: string;
  db?: string;
}
