import type { Command } from 'commander';
import { currentProcessOwner, pidIsAlive, resumabilityOf, RunHeldError } from '../../../core/runs';
import type { RunRecord } from '../../../core/history';
import { CliExit, CliUsageError, EXIT_OK, writeLine, type CliContext } from '../../context';
import { withCliCore, type CliCore } from '../../core';
import {
  processSignals,
  reportEnded,
  reportPaused,
  resumeCommandFor,
  watchRun,
  type RunSignals,
} from '../../run-session';
import type { RegisterCommand } from '../register-command';

// `parallax resume RUN [--rerun-interrupted]`: continues a paused, interrupted or crashed run
// (a run left "running" by a process that is gone, kill -9 included) against the service and
// key it started with. Synchronous calls that were in flight when its process stopped are
// 'interrupted' (they may have been charged): only --rerun-interrupted sends them again.
// Async tasks with a task id are collected, never posted again. Exit codes as `parallax run`;
// 2 for an unknown run, a finished one, one another process drives, or another key or service.

interface ResumeFlags {
  rerunInterrupted?: boolean;
  db?: string;
  baseUrl?: string;
}

const sameUrl = (a: string, b: string): boolean => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/** The built-in sandbox of the run's own process: it stopped with it, a fresh one stands in. */
const onProcessSandbox = (run: RunRecord): boolean => run.sandbox && run.keyLabel === 'sandbox';

/** Refuses what cannot be resumed, with the reason (exit 2). */
function checkResumable(core: CliCore, run: RunRecord, flags: ResumeFlags): void {
  const owner = core.store.runOwners([run.id]).get(run.id);
  const probe = { self: currentProcessOwner(), isPidAlive: pidIsAlive, now: Date.now };
  const verdict = resumabilityOf(
    { status: run.status, interruptedJobs: run.counts.interrupted },
    owner,
    probe,
  );
  if (verdict === 'held' && owner) {
    throw new CliUsageError(
      `Run ${run.id} is running in another process (pid ${owner.pid} on ${owner.host}); stop it there (Ctrl-C) before resuming here.`,
    );
  }
  if (verdict === 'finished')
    throw new CliUsageError(`Run ${run.id} is already ${run.status}: nothing to resume.`);
  if (verdict === 'rerun-only' && !flags.rerunInterrupted) {
    throw new CliUsageError(
      `Run ${run.id} is already ${run.status}; its ${run.counts.interrupted} interrupted job(s) are sent again only with --rerun-interrupted (each may be charged again).`,
    );
  }
  if (flags.baseUrl && !sameUrl(flags.baseUrl, run.baseUrl) && !onProcessSandbox(run)) {
    throw new CliUsageError(
      `Run ${run.id} was started against ${run.baseUrl}, not ${flags.baseUrl}: a run resumes only against the service it started on.`,
    );
  }
}

async function checkKey(run: RunRecord, keyLabel: () => Promise<string | null>): Promise<void> {
  if (onProcessSandbox(run) || run.keyLabel === null) return;
  const now = await keyLabel();
  if (now !== run.keyLabel) {
    throw new CliUsageError(
      `Run ${run.id} was started with the key ${run.keyLabel}; the key set now is ${now ?? 'none'}. Set the run's key (parallax key set, or PARALLAX_API_KEY) to resume it.`,
    );
  }
}

export interface ResumeCommandDeps {
  signals: RunSignals;
}

export function makeRegisterResumeCommand(
  deps: ResumeCommandDeps = { signals: processSignals },
): RegisterCommand {
  return (program: Command, ctx: CliContext) => {
    program
      .command('resume')
      .description('Continue a paused, interrupted or crashed run (see `parallax history`)')
      .argument('<run>', 'run id')
      .option(
        '--rerun-interrupted',
        'also send again the jobs that were in flight when the run stopped (they may have been charged already, and will be charged again)',
      )
      .option('--base-url <url>', 'the service the run used (default: the one recorded with the run)')
      .option('--db <path>', 'history file (default: the app\u2019s)')
      .action(async (runId: string, flags: ResumeFlags) => {
        const code = await withCliCore(ctx, { db: flags.db }, async (core) => {
          const found = core.store.getRun(runId);
          if (!found) throw new CliUsageError(`No run with id ${runId} (parallax history lists them).`);
          checkResumable(core, found, flags);
          const sandbox = onProcessSandbox(found);
          const online = await core.online(sandbox ? { sandbox: true } : { baseUrl: found.baseUrl });
          await checkKey(found, online.keyLabel);
          // Answers held when the run stopped on a history it could not write: stored first.
          const intake = online.engine.takeInHeldAnswers();
          if (intake.stored > 0 && !ctx.json)
            writeLine(
              ctx.stderr,
              `Stored ${intake.stored} answer(s) kept in ${intake.journals.length} journal(s) when the history could not take them.`,
            );
          const run = core.store.getRun(runId) ?? found;
          // Interrupted already, plus the synchronous calls its stopped process had in flight
          // (the engine marks those interrupted as it takes the run over).
          const orphaned = run.mode === 'sync' ? run.counts.running + run.counts.queued : 0;
          const interrupted = run.counts.interrupted + orphaned;
          if (!ctx.json) {
            if (sandbox)
              writeLine(
                ctx.stderr,
                'The run used the built-in sandbox of its own process, which stopped with it: a fresh built-in sandbox stands in (synthetic data; tasks sent to the old one are gone).',
              );
            const left = run.counts.pending + run.counts.queued + run.counts.running - orphaned;
            writeLine(ctx.stderr, `Resuming run ${run.id}: ${left} of ${run.total} jobs still to do.`);
            if (interrupted > 0 && flags.rerunInterrupted)
              writeLine(
                ctx.stderr,
                `${interrupted} interrupted job(s) are sent again: each may already have been charged, and will be charged again.`,
              );
            else if (interrupted > 0)
              writeLine(
                ctx.stderr,
                `${interrupted} interrupted job(s) (in flight when the run stopped; they may have been charged) are not sent again; add --rerun-interrupted to send them.`,
              );
          }
          try {
            if (flags.rerunInterrupted) await online.engine.rerunInterrupted(run.id);
            else await online.engine.resume(run.id);
          } catch (err) {
            if (err instanceof RunHeldError) throw new CliUsageError(err.message);
            throw err;
          }
          const resumeCommand = resumeCommandFor(run.id, flags);
          const outcome = await watchRun({
            ctx,
            online,
            runId: run.id,
            signals: deps.signals,
            resumeCommand,
          });
          if (outcome.kind === 'paused') return reportPaused(ctx, core, run.id, outcome.end, resumeCommand);
          return reportEnded(ctx, core, online, run.id, outcome.end, {
            resumed: true,
            rerunInterrupted: flags.rerunInterrupted === true,
            heldAnswersStored: intake.stored,
          });
        });
        if (code !== EXIT_OK) throw new CliExit(code);
      });
  };
}

export const registerResumeCommand: RegisterCommand = makeRegisterResumeCommand();
