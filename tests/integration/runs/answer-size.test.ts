import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_TOO_LARGE, MAX_ANSWER_BYTES } from '../../../src/core/runs/api/answer-size';
import { openHistory } from '../../../src/core/history';
import { startSandbox, type RunningSandbox, type SandboxRequestLogEntry } from '../../../src/sandbox';
import { runCliToEndInProcess as runCliToEnd } from '../../support/cli-in-process';
import { repeatedWord, startHostileService, type HostileService } from '../../support/hostile-service';

// The size policy through a real `parallax run`: the hostile service answers one
// call with 6 MB of text (past MAX_ANSWER_BYTES) and one with 4 MB. The 4 MB answer is stored
// whole; the 6 MB one is not read past the cap: its job fails with ANSWER_TOO_LARGE, the reason
// kept, and the credits the sandbox charged for it are recorded. Before, any size was stored
// whole (a 50 MB answer took 840 MB of memory).

let sandbox: RunningSandbox;
let hostile: HostileService;
let dir = '';
const log: SandboxRequestLogEntry[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ plan: 'Lite', latencyMs: 5, seed: 4, onRequest: (e) => log.push(e) });
  hostile = await startHostileService(sandbox.baseUrl, {
    rewrite: (result, call) => {
      result.text = repeatedWord(`huge${call.n}`, call.n === 0 ? 6 * 1024 * 1024 : 4 * 1024 * 1024);
    },
  });
  dir = mkdtempSync(join(tmpdir(), 'parallax-answer-size-'));
});

afterAll(async () => {
  await hostile?.close();
  await sandbox?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('answer size policy', () => {
  it('stores an answer up to the limit whole and refuses a larger one with its reason and its credits', async () => {
    const db = join(dir, 'history.db');
    const out = await runCliToEnd(
      [
        'run',
        '--base-url',
        hostile.baseUrl,
        '--db',
        db,
        '--prompt',
        'sizes',
        '--countries',
        'US',
        '--repeat',
        '2',
        '--yes',
        '--json',
      ],
      { userDataDir: join(dir, 'ud'), apiKey: sandbox.apiKey },
    );
    expect(out.stderr).not.toMatch(/\n\s+at /);
    expect(out.code, out.stderr).toBe(1);
    const { runId } = JSON.parse(out.stdout) as { runId: string };
    const store = openHistory({ path: db });
    try {
      const jobs = store.listJobs(runId);
      const refused = jobs.find((j) => j.jobState === 'failed')!;
      const kept = jobs.find((j) => j.jobState === 'succeeded')!;
      expect(refused.errorCode).toBe(ANSWER_TOO_LARGE);
      expect(refused.errorMessage).toMatch(/larger than the 5\.0 MB Parallax stores/);
      expect(store.getResultByJob(refused.id)).toBeNull();
      const stored = store.getResultByJob(kept.id)!;
      expect(stored.rawJson.length).toBeGreaterThan(4 * 1024 * 1024);
      expect(stored.rawJson.length).toBeLessThanOrEqual(MAX_ANSWER_BYTES);
      // Credits: each job records what the sandbox charged for its call.
      const charged = Object.values(sandbox.stats().creditsCharged).reduce((a, b) => a + b, 0);
      expect(refused.creditsCharged).toBeGreaterThan(0);
      expect(store.countJobs(runId).creditsCharged).toBe(charged);
      expect(log.filter((e) => e.template.startsWith('/v1/monitor/')).length).toBe(2);
    } finally {
      store.close();
    }
  });
});
