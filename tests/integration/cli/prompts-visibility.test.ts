import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHistory } from '../../../src/core/history';
import { compileBrandMatcher } from '../../../src/shared/analytics/brand-matcher';
import { resultBrandVisibility } from '../../../src/shared/analytics/search-visibility';
import { runCliAt, type InProcessOutcome } from '../../support/cli-in-process';

// `parallax visibility --by prompt|topic` against a count by hand: two sandbox runs (the sandbox
// over HTTP on 127.0.0.1, in this process) into a temp history, the second asking a prompt that
// names a tracked brand; then the per-prompt answers and mention rate, the branded mark and the
// unbranded share of voice are counted again from the stored answers themselves.

interface Rate {
  value: number | null;
  k: number;
  n: number;
  lower: number | null;
  upper: number | null;
}
interface PromptJsonRow {
  prompt?: string;
  topic?: string | null;
  topics: string[];
  branded: boolean;
  brandedBy: string[];
  answers: number;
  mentionRate: Rate & { fewAnswers: boolean; significant: boolean };
  shareOfVoice: Rate;
  recommendationRate: Rate;
}
interface PromptsJson {
  judgeAgreement: { note: string; indirectStatus: { n: number } } | null;
  brand: string | null;
  unbranded: boolean;
  rows: PromptJsonRow[];
}

const GENERIC = ['best crm for a small team', 'which crm has the best support'];
let dir = '';
let db = '';
let focus = '';
let rival = '';
let brandedPrompt = '';
const parallax = (args: string[]): Promise<InProcessOutcome> => runCliAt([...args, '--db', db], dir);

async function json<T>(args: string[]): Promise<T> {
  const out = await parallax([...args, '--json']);
  expect(out.code, out.stderr).toBe(0);
  return JSON.parse(out.stdout) as T;
}

async function sandboxRun(prompts: readonly string[]): Promise<string> {
  const args = ['run', '--sandbox', ...prompts.flatMap((p) => ['--prompt', p])];
  const run = await json<{ runId: string }>([...args, '--countries', 'US,DE', '--repeat', '2', '--yes']);
  return run.runId;
}

interface HandCount {
  answers: number;
  mentioned: number;
  focusMentions: number;
  allMentions: number;
}

/** Per prompt text, from the stored answers: answers, those naming the focus, mentions. */
function countByHand(): Map<string, HandCount> {
  const store = openHistory({ path: db, readonly: true });
  try {
    const brands = store.listBrands();
    const matcher = compileBrandMatcher(brands);
    const focusIndex = brands.findIndex((b) => b.name === focus);
    const out = new Map<string, HandCount>();
    for (const run of store.listRuns().runs) {
      const record = store.getRun(run.id);
      const cells = store.getRunMatrix(run.id).filter((c) => c.resultId);
      for (const r of store.getResults(cells.map((c) => c.resultId as string))) {
        const cell = cells.find((c) => c.resultId === r.resultId);
        const prompt = record?.prompts[cell?.promptIndex ?? -1] ?? '';
        const vis = resultBrandVisibility(matcher, r.normalized);
        const c = out.get(prompt) ?? { answers: 0, mentioned: 0, focusMentions: 0, allMentions: 0 };
        const own = vis.brands[focusIndex];
        c.answers += 1;
        if (own?.mentioned) c.mentioned += 1;
        c.focusMentions += own?.mentionCount ?? 0;
        c.allMentions += vis.brands.reduce((s, b) => s + b.mentionCount, 0);
        out.set(prompt, c);
      }
    }
    return out;
  } finally {
    store.close();
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parallax-prompts-'));
  db = join(dir, 'history.db');
  const first = await sandboxRun(GENERIC);
  // Track two names the sandbox's answers put forward: the focus one named in some answers
  // only, so the rates are not all 0 or 1.
  const rows = (await json<{ rows: Array<{ brands: string[] }> }>(['compare', first])).rows;
  const names = [...new Set(rows.flatMap((r) => r.brands))];
  expect(names.length).toBeGreaterThan(2);
  const sometimes = names.find((n) => rows.some((r) => !r.brands.includes(n))) as string;
  focus = sometimes;
  rival = names.find((n) => n !== sometimes) as string;
  expect((await parallax(['brands', 'add', focus, '--kind', 'brand'])).code).toBe(0);
  expect((await parallax(['brands', 'add', rival, '--kind', 'competitor'])).code).toBe(0);
  brandedPrompt = `is ${rival} a good crm for a small team`;
  await sandboxRun([GENERIC[0] as string, brandedPrompt]);
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('parallax visibility --by prompt', () => {
  it('gives each prompt the n and mention rate a count by hand gives, and marks the branded prompt', async () => {
    const view = await json<PromptsJson>(['visibility', '--by', 'prompt']);
    expect(view.brand).toBe(focus);
    const hand = countByHand();
    expect(view.rows.map((r) => r.prompt).sort()).toEqual([...hand.keys()].sort());
    for (const row of view.rows) {
      const c = hand.get(row.prompt as string) as HandCount;
      expect(row.answers).toBe(c.answers);
      expect(row.mentionRate.n).toBe(c.answers);
      expect(row.mentionRate.k).toBe(c.mentioned);
      expect(row.mentionRate.value).toBe(c.answers === 0 ? null : c.mentioned / c.answers);
      expect(row.branded).toBe(row.prompt === brandedPrompt);
      // Under 30 answers a side: never significant, and said so.
      expect(row.mentionRate.significant).toBe(false);
    }
    const k = view.rows.map((r) => r.mentionRate.k);
    expect(k.some((x, i) => x > 0 && x < (view.rows[i]?.answers ?? 0)) || new Set(k).size > 1).toBe(true);
    expect(view.rows.find((r) => r.prompt === brandedPrompt)?.brandedBy).toEqual([rival]);
    // The prompt asked in both runs holds both runs' answers.
    expect(hand.get(GENERIC[0] as string)?.answers).toBe(2 * (hand.get(GENERIC[1] as string)?.answers ?? 0));
  });

  it('reads share of voice over the non-branded prompts only with --unbranded', async () => {
    const hand = countByHand();
    const unbranded = [...hand].filter(([prompt]) => prompt !== brandedPrompt).map(([, c]) => c);
    const focusMentions = unbranded.reduce((s, c) => s + c.focusMentions, 0);
    const allMentions = unbranded.reduce((s, c) => s + c.allMentions, 0);
    expect(allMentions).toBeGreaterThan(0);

    const overview = await json<{ kpis: { shareOfVoice: Rate; answers: number } }>([
      'visibility',
      '--unbranded',
    ]);
    expect(overview.kpis.shareOfVoice.k).toBe(focusMentions);
    expect(overview.kpis.shareOfVoice.n).toBe(allMentions);
    expect(overview.kpis.answers).toBe(unbranded.reduce((s, c) => s + c.answers, 0));

    const all = await json<{ kpis: { shareOfVoice: Rate } }>(['visibility']);
    const everything = [...hand.values()].reduce((s, c) => s + c.allMentions, 0);
    expect(all.kpis.shareOfVoice.n).toBe(everything);
    // The branded prompt names the rival: its answers' mentions are what --unbranded leaves out.
    expect(everything).toBeGreaterThan(allMentions);

    const rows = await json<PromptsJson>(['visibility', '--by', 'prompt', '--unbranded']);
    expect(rows.unbranded).toBe(true);
    expect(rows.rows.map((r) => r.prompt).sort()).toEqual(GENERIC.slice().sort());
  });

  it('groups by topic from the library and filters by topic, in visibility and positioning', async () => {
    const none = await json<PromptsJson>(['visibility', '--by', 'topic']);
    expect(none.rows.map((r) => r.topic)).toEqual([null]);
    const hand = countByHand();
    expect(none.rows[0]?.answers).toBe([...hand.values()].reduce((s, c) => s + c.answers, 0));

    const add = await parallax(['prompts', 'add', GENERIC[0] as string, '--topic', 'Buying guides']);
    expect(add.code, add.stderr).toBe(0);
    const topics = await json<PromptsJson>(['visibility', '--by', 'topic']);
    const guides = topics.rows.find((r) => r.topic === 'Buying guides');
    expect(guides?.answers).toBe(hand.get(GENERIC[0] as string)?.answers);

    const only = await json<PromptsJson>(['positioning', '--by', 'prompt', '--topic', 'Buying guides']);
    expect(only.rows.map((r) => r.prompt)).toEqual([GENERIC[0]]);
    expect(only.rows[0]?.topics).toEqual(['Buying guides']);
    expect(only.rows[0]?.recommendationRate.n).toBeLessThanOrEqual(only.rows[0]?.mentionRate.k ?? 0);
    // Its "Recommended" is the built-in judge's: the JSON and the text say how far to trust it.
    expect(only.judgeAgreement?.indirectStatus.n).toBeGreaterThan(0);

    const text = await parallax(['visibility', '--by', 'prompt']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('few answers');
    expect(text.stdout).toContain(rival);
    expect(text.stdout).toContain(
      `${only.judgeAgreement?.note} A model judge can score answers in that style`,
    );
  });

  it('refuses --topic without --by prompt or topic, and prompt mixed with another dimension', async () => {
    expect((await parallax(['visibility', '--topic', 'x'])).code).toBe(2);
    expect((await parallax(['visibility', '--by', 'prompt,day'])).code).toBe(2);
  });
});

describe('parallax prompts import and export', () => {
  it('imports prompts with topics from CSV, reporting bad rows by line, and exports them back', async () => {
    const file = join(dir, 'prompts.csv');
    const long = 'x'.repeat(51);
    writeFileSync(
      file,
      [
        'prompt,topic',
        '"trail shoes, waterproof",Trail; Buying guides',
        `bad topic row,${long}`,
        ',Trail',
        `${GENERIC[0]},Support`,
      ].join('\n'),
    );
    const out = await json<{ created: number; updated: number; errors: Array<{ line: number }> }>([
      'prompts',
      'import',
      file,
    ]);
    expect(out.created).toBe(1);
    expect(out.updated).toBe(1);
    expect(out.errors.map((e) => e.line)).toEqual([3, 4]);

    const list = await json<{ prompts: Array<{ text: string; topics: string[] }> }>(['prompts', 'list']);
    expect(list.prompts.find((p) => p.text === 'trail shoes, waterproof')?.topics).toEqual([
      'Buying guides',
      'Trail',
    ]);
    expect(list.prompts.find((p) => p.text === GENERIC[0])?.topics).toEqual(['Buying guides', 'Support']);

    const csv = await parallax(['prompts', 'export', '--topic', 'Trail']);
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stdout.trim().split(/\r?\n/)).toEqual([
      'prompt,topic',
      '"trail shoes, waterproof",Buying guides; Trail',
    ]);

    const set = await json<{ prompt: { topics: string[] } }>([
      'prompts',
      'topics',
      GENERIC[0] as string,
      'Support',
    ]);
    expect(set.prompt.topics).toEqual(['Support']);
    expect((await parallax(['prompts', 'topics', 'no such prompt', 'x'])).code).toBe(2);
  });
});
