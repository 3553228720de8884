import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openHistory } from '../../../src/core/history';
import { spawnCli } from '../../support/cli-child';
import { writeCombinedLog } from '../../support/crawler-logs';

// Ctrl-C during `parallax logs import` (the real binary, a real signal): the file read before it
// stays imported, the one being read is left out whole (its rows and its record are one
// transaction), and the command ends with exit code 130. The second file is large enough
// (100 MB) that DuckDB is still reading it when the signal comes, as the import announces it.

let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parallax-logs-interrupt-'));
  await writeCombinedLog(join(dir, 'small.log'), 20_000, { seed: 2 });
  await writeCombinedLog(join(dir, 'large.log'), 100e6, { seed: 3 });
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('keeps the files read and leaves the one being read out whole', async () => {
  const db = join(dir, 'history.db');
  const cli = spawnCli(['logs', 'import', join(dir, 'small.log'), join(dir, 'large.log'), '--db', db], {
    userDataDir: join(dir, 'data'),
  });
  await cli.waitFor(/Reading 2\/2/u);
  cli.child.kill('SIGINT');
  const exit = await cli.exited;
  expect(exit.code, exit.stderr).toBe(130);
  expect(exit.stdout).toContain('small.log (combined)');
  expect(exit.stderr).toContain('Stopped: the files listed above are imported, the one being read is not.');
  const store = openHistory({ path: db });
  try {
    expect(store.listCrawlFiles().map((f) => f.name)).toEqual(['small.log']);
    const hits = store.crawlAgentTotals({}).reduce((sum, t) => sum + t.hits, 0);
    expect(hits).toBe(store.listCrawlFiles()[0]?.kept);
  } finally {
    store.close();
  }
}, 120_000);
