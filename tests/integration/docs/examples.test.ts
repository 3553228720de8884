import { availableParallelism } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN_EXAMPLES } from './example-in-process';
import { howToRun, runExample, USAGE_ERROR, type ExampleOutcome } from './example-run';
import { startWorld, type World } from './example-world';
import { examplesOf, type Example } from './examples';
import { docFiles, readDoc } from './markdown';

// Every CLI example in README.md, CHANGELOG.md and docs/ runs against the sandbox and exits as
// the docs say (0 unless its comment promises another code), without a usage error: a doc that
// names a command or option the CLI does not have fails here. How to write examples this test
// can run, and its markers: docs/internals/testing.md#the-docs-tests.

const pages = docFiles().map((path) => examplesOf(readDoc(path)));
const examples: Example[] = pages.flatMap((p) => p.examples);
const skipped = pages.flatMap((p) => p.skipped);

/** Child examples run a few at a time: each is a child process or two, mostly CPU. */
const POOL = Math.max(2, Math.min(4, availableParallelism() * 2));

let world: World;

/** At most POOL examples at once; tests start as vitest runs them (so `-t` runs only those). */
let running = 0;
const waiting: Array<() => void> = [];
async function inPool<T>(task: () => Promise<T>): Promise<T> {
  // A task that waited takes over the slot of the one that woke it.
  if (running >= POOL) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await task();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/**
 * The same line on the same history gives the same outcome: pages repeat commands (the README's
 * ten, a guide's, the reference's), and each distinct one runs once.
 */
const runs = new Map<string, Promise<ExampleOutcome>>();
function outcomeOf(example: Example, index: number): Promise<ExampleOutcome> {
  const key = `${example.history}\n${example.command}`;
  let run = runs.get(key);
  if (!run) {
    // In-process examples run one at a time in this process (tests/support/cli-in-process.ts),
    // beside the pool of children.
    run =
      howToRun(example, world) === 'in-process'
        ? runExample(example, world, index)
        : inPool(() => runExample(example, world, index));
    runs.set(key, run);
  }
  return run;
}

beforeAll(async () => {
  world = await startWorld();
}, 180_000);

afterAll(async () => {
  await world?.close();
});

const clip = (text: string): string => (text.length > 2000 ? `${text.slice(0, 2000)}\n…` : text);

describe('CLI examples in the docs', () => {
  it('finds the examples (a parser that saw none would pass everything)', () => {
    expect(examples.length).toBeGreaterThan(50);
    expect(
      examples.some((e) => e.page === 'README.md' && /monitors run --fail-on-alert/.test(e.command)),
    ).toBe(true);
    expect(examples.find((e) => /--fail-on-alert/.test(e.command))?.expectedCode).toBe(3);
  });

  it('runs the bin itself for the examples about the process and a few more', () => {
    const written = new Set(examples.map((e) => e.command.replace(/^npx\s+/, '')));
    for (const line of BIN_EXAMPLES) expect(written, `"${line}" is no longer in the docs`).toContain(line);
    const children = examples.filter((e) => howToRun(e, world) === 'child').map((e) => e.command);
    expect(children.some((c) => /\bsandbox\b/.test(c))).toBe(true);
    expect(children.some((c) => /\bmcp\b/.test(c))).toBe(true);
  });

  for (const [index, example] of examples.entries()) {
    const name = `${example.page}:${example.line} ${example.command}`;
    it.concurrent(
      name,
      async ({ expect }) => {
        const out = await outcomeOf(example, index);
        const report = [
          `$ ${out.command}`,
          `exit ${out.code ?? out.signal} (expected ${example.expectedCode}) in ${Math.round(out.ms)} ms, ${out.how}`,
          `--- stdout\n${clip(out.stdout)}`,
          `--- stderr\n${clip(out.stderr)}`,
        ].join('\n');
        expect(`${out.stdout}\n${out.stderr}`, report).not.toMatch(USAGE_ERROR);
        expect(out.code, report).toBe(example.expectedCode);
      },
      240_000,
    );
  }

  for (const fence of skipped) {
    it.skip(`${fence.page}:${fence.line} (${fence.reason}): ${fence.commands.join(' ; ')}`, () => undefined);
  }
});
