import cliProgress from 'cli-progress';
import type { RunProgressView } from '../shared/ipc/channels/runs';
import type { HistoryStore } from '../core/history';
import {
  EXIT_INTERRUPTED,
  EXIT_JOBS_FAILED,
  EXIT_OK,
  writeJson,
  writeLine,
  type CliContext,
} from './context';
import type { RunSignals } from './signals';
import { clip, formatTable, type CliCore, type CliOnline } from './core';
import { creditsJson, creditsSentence } from '../shared/domain/run-credits';
import type { EngineLabelOf } from '../shared/profile';
import { profileJson, profileSentence } from './profile-text';

// Watching one run to its end from the CLI, for `parallax run` and `parallax resume`: a
// progress bar on a terminal, a progress line on stderr every few seconds otherwise, and the
// interruption rules. The first SIGINT/SIGTERM pauses cleanly (nothing new is sent, calls in
// flight may finish for up to 30 s and are stored, async tasks stay with the service) and the
// command exits 130 with the resume command; a second one exits at once, marking the calls
// still in flight as interrupted.

export { EXIT_INTERRUPTED } from './context';
export { processSignals, type RunSignals } from './signals';
/** How long the first Ctrl-C waits for synchronous calls already sent. */
export const PAUSE_GRACE_MS = 30_000;
const PROGRESS_LINE_MS = 5_000;

export type WatchOutcome =
  { kind: 'ended'; end: RunProgressView } | { kind: 'paused'; end: RunProgressView; signal: string };

const doneOf = (p: RunProgressView): number =>
  p.counts.succeeded + p.counts.failed + p.counts.interrupted + p.counts.canceled;

export function progressLine(p: RunProgressView): string {
  const c = p.counts;
  return `progress: ${doneOf(p)}/${p.total} done (${c.succeeded} succeeded, ${c.failed} failed, ${c.interrupted} interrupted), ${c.running} running, ${c.queued} queued, ${p.creditsSpent} credits`;
}

/** Drives the display and the signals until the run's driver stops. */
export async function watchRun(args: {
  ctx: CliContext;
  online: CliOnline;
  runId: string;
  signals: RunSignals;
  resumeCommand: string;
}): Promise<WatchOutcome> {
  const { ctx, online, runId, signals } = args;
  const engine = online.engine;
  const tty = Boolean(ctx.stdout.isTTY) && !ctx.json;
  const first = engine.progress(runId);
  let bar: cliProgress.SingleBar | null = null;
  if (tty && first) {
    bar = new cliProgress.SingleBar(
      {
        format: 'Jobs {bar} {value}/{total} | failed {failed} | credits {credits} | ETA {eta_formatted}',
        stream: ctx.stdout,
        hideCursor: true,
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(first.total, doneOf(first), { failed: first.counts.failed, credits: first.creditsSpent });
  }
  const tick = (): void => {
    const p = engine.progress(runId);
    if (p && bar) bar.update(doneOf(p), { failed: p.counts.failed, credits: p.creditsSpent });
  };
  const barTimer = bar ? setInterval(tick, 200) : null;
  const lineEvery = Number(ctx.env.PARALLAX_PROGRESS_INTERVAL_MS) || PROGRESS_LINE_MS;
  // Scripts and CI logs get a line on stderr now and then, stdout stays the result.
  const lineTimer = tty
    ? null
    : setInterval(() => {
        const p = engine.progress(runId);
        if (p) writeLine(ctx.stderr, progressLine(p));
      }, lineEvery);
  lineTimer?.unref();

  const stopDisplay = (): void => {
    if (barTimer) clearInterval(barTimer);
    if (lineTimer) clearInterval(lineTimer);
    bar?.stop();
    bar = null;
  };

  let pausing: { signal: string; done: Promise<RunProgressView[]> } | null = null;
  const unlisten = signals.listen((signal) => {
    if (!pausing) {
      stopDisplay();
      const p = engine.progress(runId);
      writeLine(
        ctx.stderr,
        `\n${signal}: pausing run ${runId}. Nothing new is sent; ${p?.counts.running ?? 0} call(s) in flight may finish (up to ${PAUSE_GRACE_MS / 1000} s, they are charged anyway) and are stored. Press Ctrl-C again to stop at once.`,
      );
      pausing = { signal, done: engine.pauseAll({ graceMs: PAUSE_GRACE_MS }) };
      return;
    }
    // Second signal: no more waiting. What was on the wire may have been charged.
    const stopped = engine.abortAll();
    const interrupted = stopped.reduce((n, s) => n + s.interrupted, 0);
    writeLine(
      ctx.stderr,
      `${signal} again: stopped at once; ${interrupted} call(s) in flight marked interrupted (they may have been charged; only --rerun-interrupted sends them again).`,
    );
    writeLine(ctx.stderr, `Resume with: ${args.resumeCommand}`);
    signals.exitNow(EXIT_INTERRUPTED);
  });
  try {
    let end = await engine.wait(runId);
    const pause = pausing as { signal: string; done: Promise<RunProgressView[]> } | null;
    if (pause) {
      await pause.done;
      end = engine.progress(runId) ?? end;
      return { kind: 'paused', end, signal: pause.signal };
    }
    return { kind: 'ended', end };
  } finally {
    unlisten();
    stopDisplay();
  }
}

/** The exact command that continues a run, with the flags that located it. */
export function resumeCommandFor(runId: string, flags: { db?: string; sandbox?: boolean }): string {
  const quote = (s: string): string => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, "'\\''")}'`);
  const parts = ['parallax', 'resume', runId];
  if (flags.db) parts.push('--db', quote(flags.db));
  return parts.join(' ');
}

/** What a paused run prints: jobs done, what is left, and how to continue. */
export function reportPaused(
  ctx: CliContext,
  core: CliCore,
  runId: string,
  end: RunProgressView,
  resumeCommand: string,
): number {
  const record = core.store.getRun(runId);
  const c = end.counts;
  const waitingTasks = record?.mode === 'async' ? c.queued + c.running : 0;
  if (ctx.json) {
    writeJson(ctx, {
      runId,
      status: end.status,
      paused: true,
      total: end.total,
      done: doneOf(end),
      counts: c,
      creditsSpent: end.creditsSpent,
      ...(record ? creditsJson(record) : {}),
      resumeCommand,
    });
  } else {
    writeLine(
      ctx.stderr,
      `Paused run ${runId}: ${doneOf(end)} of ${end.total} jobs done (${c.succeeded} succeeded, ${c.failed} failed, ${c.interrupted} interrupted); credits spent ${record ? creditsSentence(record) : end.creditsSpent}.`,
    );
    if (waitingTasks > 0)
      writeLine(
        ctx.stderr,
        `${waitingTasks} async task(s) stay with the service and are collected on resume.`,
      );
    // What the pause did that the user must know (answers kept in a held-answers journal…).
    for (const n of end.notices) writeLine(ctx.stderr, `! ${n}`);
    writeLine(ctx.stderr, `Resume with: ${resumeCommand}`);
  }
  return EXIT_INTERRUPTED;
}

function summaryTable(store: HistoryStore, runId: string, labelOf: EngineLabelOf): string {
  const groups = new Map<
    string,
    { engine: string; location: string; ok: number; failed: number; other: number; sources: number }
  >();
  for (const c of store.getRunMatrix(runId)) {
    const location = c.state ? `US-${c.state}` : c.country;
    const key = `${c.engine}\u0000${location}`;
    const g = groups.get(key) ?? { engine: c.engine, location, ok: 0, failed: 0, other: 0, sources: 0 };
    if (c.jobState === 'succeeded') g.ok++;
    else if (c.jobState === 'failed') g.failed++;
    else g.other++;
    g.sources += c.sourceCount;
    groups.set(key, g);
  }
  return formatTable(
    ['Engine', 'Location', 'Succeeded', 'Failed', 'Other', 'Avg sources'],
    [...groups.values()].map((g) => [
      labelOf(g.engine),
      g.location,
      g.ok,
      g.failed,
      g.other,
      g.ok ? (g.sources / g.ok).toFixed(1) : '-',
    ]),
  );
}

export function runOutcome(end: RunProgressView): number {
  return end.counts.succeeded === end.total ? EXIT_OK : EXIT_JOBS_FAILED;
}

/** The summary of a run that ended: a table (or one JSON document), failures, exit code. */
export function reportEnded(
  ctx: CliContext,
  core: CliCore,
  online: CliOnline,
  runId: string,
  end: RunProgressView,
  extraJson: Record<string, unknown> = {},
): number {
  const failures = core.store.listJobs(runId, { states: ['failed', 'interrupted'] }).map((j) => ({
    jobId: j.id,
    prompt: j.prompt,
    engine: j.engine,
    engineLabel: core.labelOf(j.engine),
    country: j.country,
    state: j.state,
    jobState: j.jobState,
    code: j.errorCode,
    message: j.errorMessage,
    requestId: j.requestId,
  }));
  const record = core.store.getRun(runId);
  if (ctx.json) {
    writeJson(ctx, {
      runId,
      status: end.status,
      synthetic: online.sandbox !== null,
      total: end.total,
      counts: end.counts,
      creditsSpent: end.creditsSpent,
      ...(record ? creditsJson(record) : {}),
      maxCredits: end.maxCredits,
      failures,
      notices: end.notices,
      profile: profileJson(core.profile()),
      ...extraJson,
    });
  } else {
    writeLine(ctx.stdout, `Run ${runId}: ${end.status}${online.sandbox ? ' (sandbox, synthetic data)' : ''}`);
    const profileLine = profileSentence(core.profile());
    if (profileLine) writeLine(ctx.stdout, profileLine);
    writeLine(ctx.stdout, summaryTable(core.store, runId, core.labelOf));
    writeLine(
      ctx.stdout,
      `Credits spent: ${record ? creditsSentence(record) : end.creditsSpent} (maximum ${end.maxCredits})`,
    );
    for (const n of end.notices) writeLine(ctx.stdout, `! ${n}`);
    for (const f of failures.slice(0, 10)) {
      writeLine(
        ctx.stdout,
        `  ${f.jobState} ${f.engineLabel} ${f.state ? `US-${f.state}` : f.country} "${clip(f.prompt, 40)}": ${f.code ?? ''} ${f.message ?? ''} (request ${f.requestId ?? 'n/a'})`,
      );
    }
    if (failures.length > 10)
      writeLine(ctx.stdout, `  … and ${failures.length - 10} more (--json lists all)`);
  }
  return runOutcome(end);
}
