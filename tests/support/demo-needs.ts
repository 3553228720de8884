import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// Which shared demo history templates (tests/support/demo-history.ts) a test file opens, read
// from its text: `demoHistoryCopy({ days: N, alerts: '…', variant: '…' })` and the e2e harness's
// `startHarness(…, { demo: { days: N, variant: '…' } })`, their options in any order (a call
// with `at:`, a demo at a fixed moment, is left to the files that open it). Written
// with a literal number of days, as every such call is; a call that is not found here still
// works, it just builds its template itself.

export interface DemoNeed {
  days: number;
  alerts: 'checked' | 'unchecked';
  /** 'spec' (assistant-a only) or 'preview' (every engine): see DemoHistoryOptions.variant. */
  variant: 'spec' | 'preview';
}

/** The options object of a demoHistoryCopy call or of the harness's `demo:` option (no nested braces). */
const CALL = /(?:demoHistoryCopy\(\s*|demo:\s*)\{([^{}]*)\}/g;
const option = (options: string, key: string): string | undefined =>
  new RegExp(`\\b${key}:\\s*'?(\\w+)'?`).exec(options)?.[1];

/** The templates the file at `path` opens (none when it cannot be read). */
export function demoNeedsOf(path: string): DemoNeed[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return [];
  }
  return [...text.matchAll(CALL)].flatMap((m): DemoNeed[] => {
    const options = m[1] ?? '';
    const days = Number(option(options, 'days'));
    // A demo at a fixed moment (`at:`) is built by the first file that opens it.
    if (!Number.isInteger(days) || days < 1 || /\bat:/.test(options)) return [];
    return [
      {
        days,
        alerts: option(options, 'alerts') === 'unchecked' ? 'unchecked' : 'checked',
        variant: option(options, 'variant') === 'preview' ? 'preview' : 'spec',
      },
    ];
  });
}

/**
 * `90:checked` → { days: 90, alerts: 'checked', variant: 'spec' }, `90:checked:preview` → the
 * preview's (the command-line form of a need).
 */
export function parseDemoNeed(arg: string): DemoNeed {
  const [days, alerts, variant = 'spec', ...rest] = arg.split(':');
  const n = Number(days);
  if (
    !Number.isInteger(n) ||
    n < 1 ||
    (alerts !== 'checked' && alerts !== 'unchecked') ||
    (variant !== 'spec' && variant !== 'preview') ||
    rest.length > 0
  )
    throw new Error(`not a demo template (DAYS:checked|unchecked[:spec|preview]): ${arg}`);
  return { days: n, alerts, variant };
}

/** Templates of this many days or more are worth waiting for; smaller ones build in seconds. */
const LARGE_DAYS = 30;

export const needKey = (need: DemoNeed): string =>
  need.variant === 'spec' ? `${need.days}:${need.alerts}` : `${need.days}:${need.alerts}:${need.variant}`;

/** A template worth waiting for (LARGE_DAYS or more). */
export const isLarge = (need: DemoNeed): boolean => need.days >= LARGE_DAYS;

/**
 * The order vitest's projects run in: the isolated integration files first (the installer and
 * built-shell files wait on children most of their time, beside everything else), the e2e files
 * after the shared integration ones (by then a large template built in the background is ready),
 * the short renderer and unit files last, filling the cores around the long e2e files. Projects
 * not named here keep vitest's order after these.
 */
const PROJECT_ORDER = ['integration', 'integration-shared', 'e2e', 'renderer', 'unit'];

/**
 * `sorted` (vitest's order) regrouped for a run: project by project in PROJECT_ORDER, each
 * project's files in their order but those that open a large template last in their project.
 * Each project's files stay together because vitest keeps a shared (non-isolated) worker only
 * while the next queued file is of the same project: a project met twice starts every one of
 * its workers twice, each importing the core again.
 */
export function queueForRun<T>(
  sorted: T[],
  projectOf: (file: T) => string,
  needsOf: (file: T) => DemoNeed[],
): T[] {
  const seen = [...new Set(sorted.map(projectOf))];
  const rank = (project: string): number => {
    const at = PROJECT_ORDER.indexOf(project);
    return at === -1 ? PROJECT_ORDER.length + seen.indexOf(project) : at;
  };
  const large = (file: T): boolean => needsOf(file).some(isLarge);
  return [...seen]
    .sort((a, b) => rank(a) - rank(b))
    .flatMap((project) => {
      const files = sorted.filter((file) => projectOf(file) === project);
      return [...files.filter((file) => !large(file)), ...files.filter(large)];
    });
}

/**
 * The background build's command line for `wanted` (in queue order): the large templates first,
 * largest first (the longest builds), then the others as the queue reaches them, each once.
 */
export function prebuildOrder(wanted: readonly DemoNeed[]): string[] {
  const large = wanted.filter(isLarge).sort((a, b) => b.days - a.days);
  return [...new Set([...large, ...wanted].map(needKey))];
}

/** Every template the test files under `testsDir` open (what `npm test` will ask for). */
export function suiteDemoNeeds(testsDir: string): DemoNeed[] {
  return readdirSync(testsDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .sort()
    .flatMap((file) => demoNeedsOf(join(testsDir, file)));
}
