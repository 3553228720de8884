import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openHistory } from '../../../src/core/history';
import { spawnCli } from '../../support/cli-child';

// Long-running commands stop on Ctrl-C or SIGTERM with their documented code:
// `demo` keeps the days it built and ends 130 (it ended 0 before, as if it had finished);
// `mcp`, a server, ends 0 when its client closes stdin or a signal asks it to stop. How fast
// each stops is measured by `npm run bench -- signals`, not asserted here.

const dir = mkdtempSync(join(tmpdir(), 'parallax-signals-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('stopping long-running commands', { timeout: 120_000 }, () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`demo: ${signal} keeps the days built, exit 130`, async () => {
      const db = join(dir, `demo-${signal}.db`);
      const demo = spawnCli(['demo', '--days', '120', '--db', db], { userDataDir: join(dir, 'ud') });
      // Its first day built (the line comes once a day is stored), the signal lands in the next:
      // a day kept and one cut short, as after three (each day is 320 answers through the run
      // engine; three were most of this file's CPU).
      await demo.waitFor(/Day 1\/120/);
      demo.child.kill(signal);
      const end = await demo.exited;
      expect(end.code, end.stderr).toBe(130);
      expect(end.stdout).toMatch(/Stopped part-way/);
      const store = openHistory({ path: db });
      try {
        expect(store.listRuns().total).toBeGreaterThan(0);
      } finally {
        store.close();
      }
    });
  }

  it('mcp: ends 0 when its client closes stdin, and on SIGTERM', async () => {
    const db = join(dir, 'mcp.db');
    for (const stop of ['stdin', 'SIGTERM'] as const) {
      const mcp = spawnCli(['mcp', '--db', db], { userDataDir: join(dir, 'ud') }, { stdin: 'pipe' });
      await mcp.waitFor(/serving/);
      if (stop === 'stdin') mcp.child.stdin?.end();
      else mcp.child.kill('SIGTERM');
      const end = await mcp.exited;
      expect({ stop, code: end.code, signal: end.signal }).toEqual({ stop, code: 0, signal: null });
    }
  });
});
