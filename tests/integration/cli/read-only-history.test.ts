import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoHistoryCopy } from '../../support/demo-history';
import { compareUncheckedRuns } from '../../../src/core/alerts';
import { openHistory } from '../../../src/core/history';
import { runCliAt as runCli } from '../../support/cli-in-process';

// A history on read-only media opens read-only and every command that only reads
// works on it; one that writes stops with the reason (exit 1). As root the folder is a real
// read-only bind mount (SQLite cannot create the -shm index there: the file is read from a
// private copy); otherwise the folder and file lose their write permission. Also: read commands
// given a --db that does not exist say so and create nothing; a command that writes into a
// folder that does not exist says it created it. Before, every one of these commands failed
// with "unable to open database file", and a read command made an empty history.

const asRoot = process.getuid?.() === 0;
let dir = '';
let source = '';
let media = '';
let db = '';
let runId = '';
let monitor = '';
let before: Buffer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parallax-read-only-history-'));
  source = join(dir, 'source');
  mkdirSync(source);
  const path = join(source, 'history.db');
  await demoHistoryCopy({ days: 2, alerts: 'unchecked', to: path });
  const store = openHistory({ path });
  await compareUncheckedRuns({ store, now: Date.now });
  runId = store.listRuns().runs[0]!.id;
  monitor = store.listMonitors()[0]!.name;
  store.close(); // checkpointed: no -wal or -shm left beside it
  before = readFileSync(path);
  if (asRoot) {
    media = join(dir, 'media');
    mkdirSync(media);
    execFileSync('mount', ['--bind', source, media]);
    execFileSync('mount', ['-o', 'remount,bind,ro', media]);
  } else {
    media = source;
    chmodSync(path, 0o444);
    chmodSync(source, 0o555);
  }
  db = join(media, 'history.db');
}, 120_000);

afterAll(() => {
  if (asRoot && media) execFileSync('umount', [media]);
  else if (source) chmodSync(source, 0o755);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const cli = (args: string[]) => runCli([...args, '--db', db], join(dir, 'ud'));

describe('a history on read-only media', { timeout: 120_000 }, () => {
  const reads: string[][] = [
    ['history'],
    ['show', '$RUN'],
    ['search', 'shoes'],
    ['export', '$RUN', '--format', 'json', '--out', '$OUT'],
    ['alerts'],
    ['visibility'],
    ['sources'],
    ['report', '--monitor', '$MONITOR', '--out', '$OUT'],
    ['brands', 'list'],
    ['monitors', 'list'],
    ['db', 'stats'],
  ];
  for (const args of reads) {
    it(`\`${args.slice(0, 2).join(' ')}\` works read-only`, async () => {
      const out = await cli(
        args.map((a) =>
          a === '$RUN'
            ? runId
            : a === '$MONITOR'
              ? monitor
              : a === '$OUT'
                ? join(dir, `out-${args[0]}.${args[0] === 'report' ? 'html' : 'json'}`)
                : a,
        ),
      );
      expect(out.code, out.stderr).toBe(0);
      expect(out.stderr).toContain(`The history file ${db} is opened read-only`);
    });
  }

  it('a command that writes stops with the reason, exit 1, and the file is unchanged', async () => {
    const out = await cli(['brands', 'add', 'Acme']);
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(/cannot be written: the disk or the file is read-only/);
    expect(out.stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(db).equals(before)).toBe(true);
  });
});

describe('a --db that does not exist', () => {
  it('a read command says so and creates nothing', async () => {
    const missing = join(dir, 'nowhere', 'history.db');
    const out = await runCli(['history', '--db', missing], join(dir, 'ud'));
    expect(out.code).toBe(2);
    expect(out.stderr).toContain(`There is no history file at ${missing} (nor its folder)`);
    expect(existsSync(join(dir, 'nowhere'))).toBe(false);
  });

  it('a command that writes says it created the folder', async () => {
    const fresh = join(dir, 'new-folder', 'history.db');
    const out = await runCli(['brands', 'add', 'Acme', '--db', fresh], join(dir, 'ud'));
    expect(out.code, out.stderr).toBe(0);
    expect(out.stderr).toContain(`Created the folder ${join(dir, 'new-folder')} for the history file.`);
    expect(existsSync(fresh)).toBe(true);
  });
});
