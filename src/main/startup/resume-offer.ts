import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DialogModel } from './dialog-model';
import type { ActiveRunSummary } from './quit';

// The runs a quit paused are remembered in a small file beside the settings; the next start reads
// it once and offers to resume those still paused (a run the user resumed from the CLI meanwhile,
// or deleted, is not offered).

export const PAUSED_AT_QUIT_FILE = 'paused-at-quit.json';

export function recordPausedAtQuit(userDataDir: string, runIds: readonly string[], now: number): void {
  writeFileSync(join(userDataDir, PAUSED_AT_QUIT_FILE), JSON.stringify({ runIds, pausedAt: now }), {
    mode: 0o600,
  });
}

/** The run ids recorded by the last quit, and forgets them (the offer is made once). */
export function takePausedAtQuit(userDataDir: string): string[] {
  const path = join(userDataDir, PAUSED_AT_QUIT_FILE);
  if (!existsSync(path)) return [];
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as { runIds?: unknown };
    return Array.isArray(parsed.runIds)
      ? parsed.runIds.filter((id): id is string => typeof id === 'string')
      : [];
  } catch {
    return [];
  } finally {
    rmSync(path, { force: true });
  }
}

export type ResumeAction = 'resume' | 'later';

export function resumeOfferDialog(runs: readonly ActiveRunSummary[]): DialogModel<ResumeAction> {
  const one = runs.length === 1;
  return {
    type: 'question',
    title: 'Resume paused runs?',
    message: one
      ? 'A run was paused when Parallax quit.'
      : `${runs.length} runs were paused when Parallax quit.`,
    detail:
      runs.map((r) => `• ${r.name} (${r.done} of ${r.total} jobs done)`).join('\n') +
      `\n\n"Later" leaves ${one ? 'it' : 'them'} paused: resume from the Run view or with \`parallax resume RUN\`.`,
    buttons: [
      { action: 'resume', label: one ? 'Resume it' : 'Resume them' },
      { action: 'later', label: 'Later' },
    ],
    defaultAction: 'resume',
    cancelAction: 'later',
  };
}

/** What the app's notice (a toast in the window) says after the offer was answered. */
export function resumeOfferNotice(
  runs: readonly ActiveRunSummary[],
  action: ResumeAction,
): { level: 'info'; message: string } {
  const names = runs.map((r) => `"${r.name}"`).join(', ');
  const subject = runs.length === 1 ? `The run ${names}` : `${runs.length} runs (${names})`;
  return {
    level: 'info',
    message:
      action === 'resume'
        ? `${subject} paused when Parallax quit ${runs.length === 1 ? 'is' : 'are'} running again.`
        : `${subject} paused when Parallax quit ${runs.length === 1 ? 'stays' : 'stay'} paused: resume from the Run view or with parallax resume.`,
  };
}
