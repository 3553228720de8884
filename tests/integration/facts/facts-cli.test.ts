import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHistory, type HistoryStore } from '../../../src/core/history';
import { normalizeResult } from '../../../src/shared/api/normalize';
import { newRun } from '../store/helpers';
import { runCliAt as runCli } from '../../support/cli-in-process';
import { dataOf, startMcp, textOf } from '../mcp/mcp-client';

// Brand facts through the CLI (its own runCli, in this process: tests/support/cli-in-process.ts)
// on a real history file, and through `parallax mcp` as a child: answers stored first,
// then a sheet set (the history re-checked), the figures read back (`facts --json`), each job's
// verdicts in `show RUN --json`, answers stored after the sheet checked at ingest, and bad sheet
// files named field by field.

const KEYFORT_YAML = `facts:
  - { key: price-personal, kind: price, value: { amount: 2.99, currency: USD, period: month }, words: [Personal, personal plan] }
  - { key: free-plan, kind: yes-no, value: yes, words: [free plan, free tier] }
  - { key: founded, kind: year, value: 2014 }
  - { key: headquarters, kind: place, value: Oslo }
`;

const ANSWERS = [
  // Contradicts founded and the free plan; cites the page that spreads the error.
  {
    text: 'Keyfort was founded in 2016 and has no free plan. Its Personal plan is $2.99/month.',
    url: 'https://stale-reviews.example/keyfort',
  },
  // Supports the price and the seat.
  {
    text: 'Keyfort, based in Oslo, charges $2.99 per month for the Personal plan.',
    url: 'https://keyfort.com/pricing',
  },
  // Names Keyfort but addresses none of its facts.
  { text: 'Keyfort is a password manager with a clean design.', url: 'https://blog.example/managers' },
  // Names no tracked brand.
  { text: 'Use long passphrases and a hardware key.', url: 'https://blog.example/tips' },
  // Finnish, which the checker does not read: a wrong year and place, counted as not checked.
  {
    text: 'Keyfort perustettiin vuonna 2016, ja sen pääkonttori on Bergenissä. Ilmaista versiota ei ole.',
    url: 'https://stale-reviews.example/fi',
  },
];

const NOT_CHECKED =
  '1 answer names a brand with a fact sheet in a language the built-in checker does not read: a model judge can check it';

function ingest(
  store: HistoryStore,
  texts: ReadonlyArray<{ text: string; url: string }>,
  fetchedAt: number,
): string {
  const { run, jobs } = newRun(store, {
    prompts: texts.map((_, i) => `best password manager ${i}`),
    engines: ['assistant-a'],
    countries: ['US'],
  });
  store.ingestResults(
    jobs.map((job) => {
      const a = texts[job.promptIndex] as { text: string; url: string };
      const raw = { success: true, result: { text: a.text, sources: [{ url: a.url, title: 'Page' }] } };
      return { jobId: job.id, raw, fetchedAt, normalized: normalizeResult(job.engine, raw) };
    }),
  );
  return run.id;
}

describe('parallax facts', () => {
  let dir = '';
  let db = '';
  let firstRun = '';
  const parallax = (args: string[]) => runCli([...args, '--db', db], dir);
  const file = (name: string, text: string): string => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'parallax-facts-cli-'));
    db = join(dir, 'history.db');
    const store = openHistory({ path: db });
    try {
      store.saveBrand({ name: 'Keyfort', kind: 'brand', aliases: [], domains: ['keyfort.com'] });
      firstRun = ingest(store, ANSWERS, Date.now() - 60_000);
    } finally {
      store.close();
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('facts set stores the sheet and re-checks the answers stored before it', async () => {
    const out = await parallax([
      'facts',
      'set',
      'keyfort',
      '--file',
      file('keyfort.yaml', KEYFORT_YAML),
      '--json',
    ]);
    expect(out.code, out.stderr).toBe(0);
    expect(JSON.parse(out.stdout)).toMatchObject({ brand: 'Keyfort', stored: 4, version: 1, errors: [] });
    const shown = await parallax(['facts', 'show', 'Keyfort', '--json']);
    expect(JSON.parse(shown.stdout).facts.map((f: { key: string }) => f.key)).toEqual([
      'founded',
      'free-plan',
      'headquarters',
      'price-personal',
    ]);
  });

  it('facts --json: the discrepancy rate with n and interval, each fact, and the sources of the error', async () => {
    const out = await parallax(['facts', '--json']);
    expect(out.code, out.stderr).toBe(0);
    const figures = JSON.parse(out.stdout);
    expect(Object.keys(figures)).toEqual(['brands', 'sources', 'judgedBy', 'notChecked']);
    // Every verdict is the built-in checker's: no model judge has checked these answers.
    expect(figures.judgedBy).toEqual({ checker: 5, models: [] });
    // The Finnish answer is in none of the counts below, and said apart.
    expect(figures.notChecked).toEqual({ answers: 1, note: NOT_CHECKED });
    const [keyfort] = figures.brands;
    expect(Object.keys(keyfort)).toEqual(['brand', 'discrepancyRate', 'facts', 'notChecked']);
    expect(keyfort.notChecked).toBe(1);
    // Two answers address a fact; one contradicts.
    expect(keyfort.discrepancyRate).toMatchObject({ value: 0.5, n: 2 });
    expect(keyfort.discrepancyRate.lower).toBeLessThan(0.5);
    expect(keyfort.discrepancyRate.upper).toBeGreaterThan(0.5);
    expect(keyfort.facts).toEqual([
      { key: 'founded', supported: 0, contradicted: 1, notAddressed: 2, byModel: 0 },
      { key: 'free-plan', supported: 0, contradicted: 1, notAddressed: 2, byModel: 0 },
      { key: 'headquarters', supported: 1, contradicted: 0, notAddressed: 2, byModel: 0 },
      { key: 'price-personal', supported: 2, contradicted: 0, notAddressed: 1, byModel: 0 },
    ]);
    expect(figures.sources[0]).toMatchObject({
      brand: 'Keyfort',
      domain: 'stale-reviews.example',
      contradicting: 1,
      supporting: 0,
    });
    const text = await parallax(['facts']);
    expect(text.stdout).toContain('Keyfort: 50.0 % of 2 answers addressing its facts contradict one');
    expect(text.stdout).toContain('few answers');
    expect(text.stdout).toContain(`${NOT_CHECKED}.`);
    expect(text.stdout).toContain('; 1 answer in a language the checker does not read, not counted');
  });

  it('facts --by engine or language splits the figures; a bad --by is a usage error', async () => {
    const by = JSON.parse((await parallax(['facts', '--by', 'engine', '--json'])).stdout);
    expect(by.brands.map((b: { engine: string }) => b.engine)).toEqual(['assistant-a']);
    const bad = await parallax(['facts', '--by', 'colour']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--by takes one of engine, country, language, fact');
    // By the answers' language as the checker told it: the English ones read, the Finnish one not checked.
    const byLanguage = JSON.parse((await parallax(['facts', '--by', 'language', '--json'])).stdout);
    expect(
      byLanguage.brands.map((b: { language: string; discrepancyRate: { n: number }; notChecked: number }) => [
        b.language,
        b.discrepancyRate.n,
        b.notChecked,
      ]),
    ).toEqual([
      ['en', 2, 0],
      ['fi', 0, 1],
    ]);
  });

  it('show RUN --json carries each job’s verdicts with their evidence', async () => {
    const out = await parallax(['show', firstRun, '--json']);
    const jobs = JSON.parse(out.stdout).jobs as Array<{
      promptIndex: number;
      facts: Array<Record<string, unknown>>;
      factsNote: string | null;
    }>;
    const first = jobs.find((j) => j.promptIndex === 0);
    expect(first?.facts).toContainEqual({
      brand: 'Keyfort',
      key: 'founded',
      verdict: 'contradicted',
      evidence: { text: 'Keyfort was founded in 2016 and has no free plan.', start: 0, end: 49 },
      checker: 'builtin',
    });
    expect(jobs.find((j) => j.promptIndex === 3)?.facts).toEqual([]);
    expect(first?.factsNote).toBeNull();
    const finnish = jobs.find((j) => j.promptIndex === 4);
    expect(finnish?.factsNote).toBe(
      'not checked: Finnish (fi), a language the built-in checker does not read',
    );
    expect(new Set(finnish?.facts.map((f) => f.verdict))).toEqual(new Set(['not-addressed']));
    expect(finnish?.facts).toHaveLength(4);
  });

  it('answers stored after the sheet are checked at ingest, in the transaction that stores them', async () => {
    const store = openHistory({ path: db });
    try {
      ingest(
        store,
        [{ text: 'Keyfort is headquartered in Bergen.', url: 'https://wrong.example/a' }],
        Date.now(),
      );
    } finally {
      store.close();
    }
    const figures = JSON.parse((await parallax(['facts', '--json'])).stdout);
    expect(figures.brands[0].discrepancyRate).toMatchObject({ n: 3 });
    expect(figures.brands[0].facts.find((f: { key: string }) => f.key === 'headquarters')).toMatchObject({
      contradicted: 1,
    });
  });

  it('the MCP tool brand_facts answers with the same figures as `facts --json`, in words and as data', async () => {
    const cli = JSON.parse((await parallax(['facts', '--json'])).stdout);
    const mcp = await startMcp({ userDataDir: dir, args: ['--db', db] });
    try {
      const reply = await mcp.call('brand_facts', { days: 30 });
      expect(dataOf(reply)).toEqual(cli);
      expect(textOf(reply)).toMatch(
        /Keyfort: discrepancy rate 66\.7 % \[95 % CI [\d.]+ %–[\d.]+ %\] \(n 3\), few answers/,
      );
      expect(textOf(reply)).toContain('stale-reviews.example');
      expect(textOf(reply)).toContain(`${NOT_CHECKED}.`);
      expect(textOf(reply)).toContain('; 1 answer in a language the checker does not read, not counted');
    } finally {
      await mcp.close();
    }
  });

  it('a sheet with bad facts: each named by line and field, the good ones stored, exit 1; CSV read the same', async () => {
    const csv = 'key,kind,value,words\nfounded,year,soon,\nheadquarters,place,Oslo,Norway\n';
    const out = await parallax(['facts', 'set', 'Keyfort', '--file', file('keyfort.csv', csv)]);
    expect(out.code).toBe(1);
    expect(out.stderr).toContain('keyfort.csv:2: row 1.value: a year such as 2014');
    expect(out.stdout).toContain('Keyfort: 1 fact stored');
    const shown = JSON.parse((await parallax(['facts', 'show', 'Keyfort', '--json'])).stdout);
    expect(shown.facts).toEqual([{ key: 'headquarters', kind: 'place', value: 'Oslo', words: ['Norway'] }]);
  });

  it('an unknown brand or file type is a usage error (exit 2)', async () => {
    const brand = await parallax(['facts', 'set', 'Nobody', '--file', file('n.yaml', KEYFORT_YAML)]);
    expect(brand.code).toBe(2);
    expect(brand.stderr).toContain('No tracked brand "Nobody"');
    const type = await parallax(['facts', 'set', 'Keyfort', '--file', file('k.txt', 'x')]);
    expect(type.code).toBe(2);
    expect(type.stderr).toContain('--file must be a .yaml, .yml or .csv file');
  });
});
