import type { RunDetailView } from '../../../shared/ipc/channels/runs';

// Exporting a run that has not finished: the file says it is partial, and so does
// the command or the app. JSON carries `partial`, Markdown, HTML and XLSX a line at their top;
// CSV and NDJSON rows carry each job's state (pending, queued, running) as always.

/** The sentence a partial export carries, or null when every job of the run has ended. */
export function partialExportNote(run: Pick<RunDetailView, 'total' | 'counts' | 'status'>): string | null {
  const c = run.counts;
  const unfinished = c.pending + c.queued + c.running;
  if (unfinished === 0) return null;
  const done = run.total - unfinished;
  return `Partial export: the run was ${run.status} with ${done} of ${run.total} jobs done when this file was written; export it again once it has finished.`;
}
