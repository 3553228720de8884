import Database from 'better-sqlite3';
import {
  constants,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createAfterRunPipeline, createAlertService } from '../../src/core/alerts';
import { buildDemoHistory, demoDays, type DemoVariant } from '../../src/core/demo';
import { openHistory } from '../../src/core/history';
import { withFileLock } from './file-lock';
import { sourceHash } from './source-hash';

// Shared demo histories for tests (docs/internals/testing.md, "Speed"). Building a demo runs the
// real run engine against the sandbox day after day (a 90-day demo is most of a minute of CPU,
// its alert check some seconds more), so a test that needs a demo history but does not test its
// build takes a COPY of one built once: a template per (days, alert state) kept under
// node_modules/.cache/parallax-demo-histories, named by a hash of the sources that make it
// (src/core, src/main, src/shared, src/sandbox, package-lock.json), by the demo's days (a demo ends
// today or yesterday: built tomorrow, it is another one) and by its variant (the spec's engines,
// or every engine as the app's and `parallax demo`'s preview default). Worker processes that need the same
// template at once build it once: the others wait on its lock file (tests/support/file-lock.ts).
// The build itself (first-run screen, `demo.load`, `parallax demo`) keeps its own tests.

const ROOT = join(import.meta.dirname, '..', '..');
const CACHE_DIR = join(ROOT, 'node_modules', '.cache', 'parallax-demo-histories');
/** Templates not used for this long are deleted (other source versions, other days). */
const STALE_MS = 3 * 24 * 60 * 60 * 1000;

export interface DemoHistoryOptions {
  /** The demo's days (1-365), as `parallax demo --days N` and the first-run screen's choices. */
  days: number;
  /**
   * 'checked' (default): as the app leaves a demo it built, every demo monitor run compared with
   * the previous one and its alerts stored. 'unchecked': the monitor runs stored but not compared
   * (as a builder on another connection leaves them); a core that opens it checks the runs in its
   * start-up catch-up (seconds of CPU on a 30-day demo), and `alerts`/`report` compare them first.
   */
  alerts?: 'checked' | 'unchecked';
  /**
   * 'spec' (default, as buildDemoHistory's): assistant-a only, 6 places, 4 repeats. 'preview':
   * every engine, US and DE, 2 repeats, as the first-run screen and `parallax demo` build it:
   * for tests of what the views show across engines (src/core/demo/plan.ts, DEMO_SHAPES).
   */
  variant?: DemoVariant;
  /**
   * A demo built at this moment with its clock standing still (as `buildDemoHistory({ now: () =>
   * at })`), for tests whose assertions name its dates; absent, it ends today or yesterday.
   */
  at?: number;
  /** Where the copy goes (default: parallax.db in a new folder under the OS temp folder). */
  to?: string;
}

/**
 * A copy of a demo history of `days` days, the template built once per source version and day;
 * returns the copy's path. The copy is the test's own: write to it, delete it.
 */
export async function demoHistoryCopy(options: DemoHistoryOptions): Promise<string> {
  const template = await demoHistoryTemplate(
    options.days,
    options.alerts ?? 'checked',
    options.variant,
    options.at ?? Date.now(),
    options.at === undefined ? 'running' : 'fixed',
  );
  const to = options.to ?? join(mkdtempSync(join(tmpdir(), 'parallax-demo-copy-')), 'parallax.db');
  mkdirSync(dirname(to), { recursive: true });
  for (const side of ['-wal', '-shm']) rmSync(to + side, { force: true });
  // A reflink where the file system has them (a copy-on-write clone), else a plain copy.
  copyFileSync(template, to, constants.COPYFILE_FICLONE);
  return to;
}

/**
 * The template's path (read it, never write it: copy it with demoHistoryCopy). `namedAt`, the
 * moment whose demo days name the template, is also the clock its build starts from; a 'fixed'
 * clock stays there (the template is then named by that moment too).
 */
export async function demoHistoryTemplate(
  days: number,
  alerts: 'checked' | 'unchecked',
  variant: DemoVariant = 'spec',
  namedAt: number = Date.now(),
  clock: 'running' | 'fixed' = 'running',
): Promise<string> {
  const range = demoDays(namedAt, days);
  const day = (ms: number | undefined): string => new Date(ms ?? 0).toISOString().slice(0, 10);
  // The spec demo keeps the name it had before variants (a template already built stays valid).
  const kind = variant === 'spec' ? `${days}d` : `${days}d-${variant}`;
  const at = clock === 'fixed' ? `-at${namedAt}` : '';
  const name = `demo-${kind}-${day(range[0])}-${day(range.at(-1))}${at}-${alerts}-${sourceHash(ROOT)}.db`;
  const file = join(CACHE_DIR, name);
  mkdirSync(CACHE_DIR, { recursive: true });
  await withFileLock(`${file}.lock`, async () => {
    if (existsSync(file)) return;
    pruneStale();
    const building = join(mkdtempSync(join(CACHE_DIR, 'building-')), 'parallax.db');
    try {
      if (alerts === 'checked') {
        copyFileSync(await demoHistoryTemplate(days, 'unchecked', variant, namedAt, clock), building);
        // A demo at a fixed moment is compared at that moment too.
        await checkDemoAlerts(building, clock === 'fixed' ? () => namedAt : Date.now);
      } else {
        await buildDemoHistory({
          openStore: (now) => openHistory({ path: building, now }),
          days,
          variant,
          now: clock === 'fixed' ? () => namedAt : clockFrom(namedAt),
        });
      }
      checkpoint(building);
      renameSync(building, file);
    } finally {
      rmSync(dirname(building), { recursive: true, force: true });
    }
  });
  return file;
}

/**
 * The real clock moved back to `namedAt`: the build then makes the days the template is named
 * for, even when it starts later (after waiting on the lock, or on the 'unchecked' template a
 * 'checked' one is made from) and the demo's last day has changed meanwhile (at 07:00 UTC).
 */
function clockFrom(namedAt: number): () => number {
  const behind = Date.now() - namedAt;
  return () => Date.now() - behind;
}

/** What the app does once a demo is built: every monitor run compared with its previous one, quietly. */
export async function checkDemoAlerts(path: string, now: () => number = Date.now): Promise<void> {
  const store = openHistory({ path, now });
  try {
    const alerts = createAfterRunPipeline({
      store,
      alerts: createAlertService({ store, now }),
      now,
    });
    await alerts.catchUp({ quiet: true });
    await alerts.idle();
    if (store.uncheckedMonitorRuns().length > 0) throw new Error(`${path}: demo runs left unchecked`);
  } finally {
    store.close();
  }
}

/** Moves the write-ahead log into the file, so the file alone is the whole history. */
function checkpoint(path: string): void {
  const db = new Database(path);
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  for (const side of ['-wal', '-shm']) {
    const size = existsSync(path + side) ? statSync(path + side).size : 0;
    if (side === '-wal' && size > 0) throw new Error(`${path}: the WAL still holds ${size} bytes`);
    rmSync(path + side, { force: true });
  }
}

function pruneStale(): void {
  const cutoff = Date.now() - STALE_MS;
  for (const entry of readdirSync(CACHE_DIR)) {
    const path = join(CACHE_DIR, entry);
    const modified = statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Infinity;
    if (modified < cutoff) rmSync(path, { recursive: true, force: true });
  }
}
