import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../src/core/app';
import { openSettingsStore, type SettingsStore } from '../../../src/core/platform/settings';
import {
  createQuitController,
  PAUSED_AT_QUIT_FILE,
  recordPausedAtQuit,
  resumeOfferDialog,
  resumeOfferNotice,
  takePausedAtQuit,
  watchCoreRuns,
  type CoreRuns,
  type DialogModel,
  type QuitAction,
} from '../../../src/main/startup';
import type { RunProgressView } from '../../../src/shared/ipc/channels/runs';
import { createTestCore } from '../../support/test-core';

// Quitting the app with a run in progress, on the real core and the sandbox over loopback HTTP:
// the question, the clean pause (nothing left running, every job either stored or still pending),
// the record of what the quit paused, and at the next start the offer to resume, which completes
// the run with exact counts and credits.

const SPEC = {
  prompts: ['best trail running shoes', 'running shoes for flat feet'],
  engines: ['assistant-a'],
  countries: ['US', 'DE', 'FR', 'GB', 'JP'],
  repeats: 3,
};

describe('quit with a run in progress, and the resume offer at the next start', () => {
  let dir: string;
  let settings: SettingsStore;
  let core: Core;
  let runs: CoreRuns;
  let coreClosed: boolean;

  const openCore = async (): Promise<void> => {
    core = await createTestCore(dir, settings, { sandboxOptions: { latencyMs: 60 } });
    runs = watchCoreRuns(core);
    coreClosed = false;
  };
  const closeCore = async (): Promise<void> => {
    if (coreClosed) return;
    coreClosed = true;
    runs.dispose();
    await core.close();
  };

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'parallax-quit-'));
    settings = openSettingsStore({ userDataDir: dir });
    settings.update({ sandboxMode: true });
    await openCore();
  });
  afterEach(async () => {
    await closeCore();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Starts the run and resolves once a few of its jobs are stored (so it is truly mid-way). */
  async function startRunMidway(): Promise<string> {
    const started = new Promise<void>((resolve) => {
      const off = core.events.subscribe((event, payload) => {
        if (event === 'run.progress' && (payload as RunProgressView).counts.succeeded >= 3) {
          off();
          resolve();
        }
      });
    });
    const result = await core.router.invoke('runs.start', SPEC);
    if (!result.ok) throw new Error(result.error.message);
    await started;
    return (result.value as { runId: string }).runId;
  }

  function controller(answer: QuitAction, asked: Array<DialogModel<QuitAction>>) {
    return createQuitController({
      activeRuns: () => runs.active(),
      ask: async (model) => {
        asked.push(model);
        return answer;
      },
      pauseForQuit: () => runs.pauseAll(),
      runsFinished: () => runs.finished(),
      recordPaused: (ids) => recordPausedAtQuit(dir, ids, Date.now()),
      closeCore,
    });
  }

  it('asks, pauses cleanly, remembers the run; the next start offers to resume it and it completes exactly', async () => {
    const runId = await startRunMidway();
    const asked: Array<DialogModel<QuitAction>> = [];

    await expect(controller('pause-and-quit', asked).requestQuit()).resolves.toBe('quit');

    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ message: 'A run is in progress.', defaultAction: 'pause-and-quit' });
    expect(asked[0]?.buttons.map((b) => b.action)).toEqual(['pause-and-quit', 'finish-then-quit', 'cancel']);
    expect(asked[0]?.detail).toMatch(/best trail running shoes \(\d+ of 30 jobs done\)/);
    expect(coreClosed).toBe(true);
    expect(existsSync(join(dir, PAUSED_AT_QUIT_FILE))).toBe(true);

    // Next start: the run is paused, with nothing in flight, and is offered (once).
    await openCore();
    const paused = core.store.getRun(runId);
    const totals = core.store.countJobs(runId);
    expect(paused?.status).toBe('paused');
    expect(totals.counts.running + totals.counts.queued).toBe(0);
    expect(totals.counts.succeeded).toBeGreaterThanOrEqual(3);
    expect(totals.counts.succeeded + totals.counts.pending).toBe(30);
    const offered = runs.paused(takePausedAtQuit(dir));
    expect(takePausedAtQuit(dir)).toEqual([]);
    expect(offered).toEqual([
      { id: runId, name: 'best trail running shoes', done: totals.counts.succeeded, total: 30, mode: 'sync' },
    ]);
    const offer = resumeOfferDialog(offered);
    expect(offer).toMatchObject({ message: 'A run was paused when Parallax quit.', defaultAction: 'resume' });
    expect(offer.buttons.map((b) => b.action)).toEqual(['resume', 'later']);

    expect(resumeOfferNotice(offered, 'later').message).toBe(
      'The run "best trail running shoes" paused when Parallax quit stays paused: resume from the Run view or with parallax resume.',
    );
    expect(resumeOfferNotice(offered, 'resume').message).toMatch(/is running again\.$/);

    await runs.resume([runId]);
    const done = await (await core.runs.engine()).wait(runId);
    expect(done.status).toBe('completed');
    const final = core.store.countJobs(runId);
    expect(final.counts.succeeded).toBe(30);
    expect(final.creditsCharged).toBe(30 * 5);
  });

  it('"Cancel" keeps the app and the run going; "Finish, then quit" closes only when the run has ended', async () => {
    const runId = await startRunMidway();
    const asked: Array<DialogModel<QuitAction>> = [];

    await expect(controller('cancel', asked).requestQuit()).resolves.toBe('stay');
    expect(coreClosed).toBe(false);
    expect(runs.active().map((r) => r.id)).toEqual([runId]);

    await expect(controller('finish-then-quit', asked).requestQuit()).resolves.toBe('quit');
    expect(coreClosed).toBe(true);
    await openCore();
    expect(core.store.getRun(runId)?.status).toBe('completed');
    expect(core.store.countJobs(runId).counts.succeeded).toBe(30);
    expect(takePausedAtQuit(dir)).toEqual([]);
  });

  it('with nothing running, quitting asks nothing and closes the core', async () => {
    const asked: Array<DialogModel<QuitAction>> = [];
    const quit = controller('cancel', asked);
    await expect(quit.requestQuit()).resolves.toBe('quit');
    expect(asked).toEqual([]);
    expect(coreClosed).toBe(true);
    expect(quit.closed).toBe(true);
  });
});
