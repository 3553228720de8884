import { runTitle } from '../../../shared/domain/run-title';
import type { RunDetailView, RunSummaryView } from '../../../shared/ipc/channels/runs';
import { formatDateTime } from './format';

type Named = Pick<RunSummaryView, 'name' | 'firstPrompt' | 'promptCount'> & {
  prompts?: RunDetailView['prompts'];
};

/** What a run is called (its name, else its first prompt): see shared/domain/run-title.ts. */
export function runName(run: Named): string {
  return runTitle({ ...run, firstPrompt: run.firstPrompt ?? run.prompts?.[0] ?? null });
}

/**
 * A run as a picker or list lists it: "Demo · Trail and race · Nov 25, 2026, 6:10 AM", with
 * its status when it is not simply completed.
 */
export function runLabel(run: Named & Pick<RunSummaryView, 'createdAt' | 'status'>): string {
  const status = run.status === 'completed' ? '' : ` · ${run.status}`;
  return `${runName(run)} · ${formatDateTime(run.createdAt)}${status}`;
}
