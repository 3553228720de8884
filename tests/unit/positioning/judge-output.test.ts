import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { judgePositioning } from '../../../src/shared/positioning';
import { goldenLines } from '../../support/positioning-golden';
import { FIXTURE_DIR, loadPositioningSet } from '../../support/positioning-set';

// The built-in judge's exact output on the labelled set (statuses, scores, evidence offsets,
// attributes and their phrases), pinned in tests/fixtures/positioning/judge-output.golden.txt.
// It guards speed work on the judge (docs/internals/positioning-judge.md#cpu-per-answer-at-ingest):
// equivalent code gives byte-identical lines. A change meant to alter the judge's output bumps
// BUILTIN_JUDGE_REF.version and regenerates the file:
// `PARALLAX_UPDATE_JUDGE_GOLDEN=1 npx vitest run tests/unit/positioning/judge-output.test.ts`.

const GOLDEN = join(FIXTURE_DIR, 'judge-output.golden.txt');

describe('built-in judge output on the labelled set', () => {
  it('is line for line the pinned output (with and without the language hint, and joined per language)', () => {
    const lines = goldenLines(loadPositioningSet(), judgePositioning);
    if (process.env.PARALLAX_UPDATE_JUDGE_GOLDEN === '1') writeFileSync(GOLDEN, lines);
    const actual = lines.split('\n');
    const expected = readFileSync(GOLDEN, 'utf8').split('\n');
    expect(actual.length).toBe(expected.length);
    // Line by line, so a failure names the answer whose output moved.
    actual.forEach((line, i) => expect(line).toBe(expected[i]));
  });
});
