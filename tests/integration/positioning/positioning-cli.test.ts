import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnCli } from '../../support/cli-child';
import { runCliAt as runCli } from '../../support/cli-in-process';
import { newRun, normalized, openTemp, tempFolder } from '../store/helpers';
import { ANSWERS, BRANDS, storeAnswers } from './fixtures';

// `parallax positioning`, `parallax positioning rescore` and `parallax show --json` through the CLI
// in this process (tests/support/cli-in-process.ts) on a history stored through the store: the text table and the
// JSON shapes, bad flags (exit 2), and a re-score stopped by Ctrl-C half-way (exit 130: a real
// child, signalled) that the next run finishes.

const tmp = tempFolder();
const AT = Date.now() - 3 * 86_400_000;
let db = '';
let big = '';
let runId = '';

beforeAll(() => {
  db = tmp.file('cli.db');
  const store = openTemp(db);
  for (const b of BRANDS) store.saveBrand(b);
  const run = newRun(store, {
    prompts: ['p1', 'p2'],
    engines: ['assistant-a', 'assistant-b'],
    countries: ['US', 'DE'],
  });
  storeAnswers(store, run.jobs, AT);
  runId = run.run.id;
  store.close();
  big = tmp.file('big.db');
  const large = openTemp(big);
  for (const b of BRANDS) large.saveBrand(b);
  for (let k = 0; k < 8; k++) {
    const r = newRun(large, {
      prompts: ['a', 'b', 'c', 'd', 'e'],
      engines: ['assistant-a', 'assistant-b'],
      countries: ['US', 'DE', 'FR'],
      repeats: 2,
    });
    storeAnswers(large, r.jobs, AT, k);
  }
  large.close();
}, 60_000);

afterAll(() => tmp.cleanup());

const cli = (args: string[]) => runCli(args, tmp.dir);

describe('parallax positioning', () => {
  it('prints every brand with its recommendation rate and net sentiment as a table', async () => {
    const out = await cli(['positioning', '--db', db]);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toMatch(/^Positioning \d{4}-\d{2}-\d{2} to .*judge builtin/m);
    expect(out.stdout).toMatch(/Veloxa +brand \(focus\) +\d+ +\d+\.\d %/);
    expect(out.stdout).toContain('Net sentiment');
    expect(out.stdout).toContain('Tango');
    // Under the heading: how far the built-in judge's readings can be trusted, and what to do.
    expect(out.stdout).toMatch(
      /^The built-in judge reads whether a brand is recommended .* for \d+ % \(\d+–\d+ %\) of the brands in plainly worded answers .* of them\. A model judge can score answers in that style: parallax judge set \(docs\/guides\/positioning-model-judge\.md\)\.$/m,
    );
  });

  it('prints JSON with intervals, status counts and attributes, per bucket with --by', async () => {
    const out = await cli(['--json', 'positioning', '--db', db]);
    expect(out.code, out.stderr).toBe(0);
    const view = JSON.parse(out.stdout) as {
      judge: string;
      judgeAgreement: unknown;
      brand: string;
      rows: Array<{
        brand: string;
        n: number;
        recommendationRate: Record<string, number>;
        netSentiment: Record<string, number>;
        statusCounts: Record<string, number>;
        topAttributes: unknown[];
        change: unknown;
      }>;
    };
    expect(view.judge).toBe('builtin');
    expect(view.judgeAgreement).toMatchObject({
      version: expect.any(String),
      plainStatus: { n: expect.any(Number), lower: expect.any(Number), upper: expect.any(Number) },
      indirectStatus: { value: expect.any(Number) },
      note: expect.stringContaining('careful reader'),
    });
    expect(view.brand).toBe('Veloxa');
    const veloxa = view.rows.find((r) => r.brand === 'Veloxa');
    expect(Object.keys(veloxa?.recommendationRate ?? {}).sort()).toEqual([
      'k',
      'lower',
      'n',
      'upper',
      'value',
    ]);
    expect(veloxa?.netSentiment).toMatchObject({ n: veloxa?.n });
    const counts = veloxa?.statusCounts ?? {};
    expect(
      (counts.top ?? 0) + (counts.recommended ?? 0) + (counts.mentioned ?? 0) + (counts.cautioned ?? 0),
    ).toBe(veloxa?.n);
    expect(veloxa?.topAttributes.length).toBeGreaterThan(0);
    const byDay = await cli(['--json', 'positioning', '--db', db, '--by', 'day', '--brand', 'veloxa']);
    expect(byDay.code, byDay.stderr).toBe(0);
    const buckets = JSON.parse(byDay.stdout) as {
      by: string[];
      judgeAgreement: unknown;
      rows: Array<{ day: string; brand: string; n: number }>;
    };
    expect(buckets.by).toEqual(['day']);
    expect(buckets.judgeAgreement).toEqual(view.judgeAgreement);
    const byDayText = await cli(['positioning', '--db', db, '--by', 'day']);
    expect(byDayText.stdout).toContain(`${(view.judgeAgreement as { note: string }).note} A model judge`);
    expect(new Set(buckets.rows.map((r) => r.brand))).toEqual(new Set(['Veloxa']));
    expect(buckets.rows.reduce((s, r) => s + r.n, 0)).toBe(veloxa?.n);
    expect(buckets.rows.every((r) => /^\d{4}-\d{2}-\d{2}$/.test(r.day))).toBe(true);
  });

  it('counts answers in a language the judge does not read apart, in words and in --json', async () => {
    const path = tmp.file('finnish.db');
    const store = openTemp(path);
    for (const b of BRANDS) store.saveBrand(b);
    const { jobs, run } = newRun(store, {
      prompts: ['p1'],
      engines: ['assistant-a'],
      countries: ['US', 'FI'],
    });
    store.ingestResults(
      jobs.map((j) => ({
        jobId: j.id,
        raw: {},
        fetchedAt: AT,
        normalized: normalized(
          'assistant-a',
          j.country === 'FI'
            ? 'Veloxa on paras valinta maratonille, mutta Stridex ei ole suositeltava.'
            : 'Veloxa is the best choice for a marathon, but avoid Stridex.',
        ),
      })),
    );
    store.close();
    const json = await cli(['positioning', '--db', path, '--json']);
    expect(json.code, json.stderr).toBe(0);
    const view = JSON.parse(json.stdout) as {
      rows: Array<{ brand: string; n: number }>;
      notJudged: { answers: number; note: string | null };
    };
    expect(view.notJudged).toEqual({
      answers: 1,
      note: '1 answer in languages the built-in judge does not read: a model judge can score them',
    });
    // Only the English answer counts.
    expect(Object.fromEntries(view.rows.map((r) => [r.brand, r.n]))).toEqual({
      Veloxa: 1,
      Stridex: 1,
      Fleetfoot: 0,
    });
    const text = await cli(['positioning', '--db', path]);
    expect(text.stdout).toContain(
      '1 answer in languages the built-in judge does not read: a model judge can score them.',
    );
    // Each job says why its answer has no positioning.
    const show = await cli(['show', run.id, '--db', path, '--json']);
    expect(show.code, show.stderr).toBe(0);
    const shown = JSON.parse(show.stdout) as {
      jobs: Array<{ country: string; positioning: unknown[]; positioningNote: string | null }>;
    };
    expect(
      Object.fromEntries(shown.jobs.map((j) => [j.country, [j.positioning.length, j.positioningNote]])),
    ).toEqual({
      FI: [0, 'not judged: Finnish (fi), a language the built-in judge does not read'],
      US: [2, null],
    });
  });

  it('says what is wrong with bad flags (exit 2)', async () => {
    const by = await cli(['positioning', '--db', db, '--by', 'month']);
    expect(by.code).toBe(2);
    expect(by.stderr).toContain('--by must be day, run, country or engine');
    const brand = await cli(['positioning', '--db', db, '--brand', 'Nope']);
    expect(brand.code).toBe(2);
    expect(brand.stderr).toMatch(/No brand "Nope".*Veloxa \(brand\)/);
    const judge = await cli(['positioning', 'rescore', '--db', db, '--judge', 'gpt']);
    expect(judge.code).toBe(2);
    expect(judge.stderr).toContain('--judge must be builtin (the built-in judge) or model');
  });
});

describe('parallax show --json', () => {
  it("gives each job's result its positioning, evidence cut from the judged text", async () => {
    const out = await cli(['--json', 'show', runId, '--db', db]);
    expect(out.code, out.stderr).toBe(0);
    const jobs = (
      JSON.parse(out.stdout) as { jobs: Array<{ positioning: Array<Record<string, unknown>> | null }> }
    ).jobs;
    const first = jobs[0]?.positioning ?? [];
    expect(first.map((p) => p.brand)).toEqual(['Fleetfoot', 'Stridex', 'Veloxa']);
    for (const p of first) {
      expect(Object.keys(p).sort()).toEqual([
        'attributes',
        'brand',
        'brandId',
        'evidence',
        'judge',
        'sentiment',
        'status',
      ]);
      expect(p.judge).toEqual({ id: 'builtin', version: '14' });
      for (const e of p.evidence as Array<{ text: string; start: number; end: number }>)
        expect((ANSWERS[0] as string).slice(e.start, e.end)).toBe(e.text);
    }
    expect(jobs[3]?.positioning).toEqual([]);
  });
});

describe('parallax positioning rescore', () => {
  it('stops cleanly at Ctrl-C (exit 130) and finishes on the next run', async () => {
    const child = spawnCli(['positioning', 'rescore', '--yes', '--db', big], {
      userDataDir: tmp.dir,
      extra: { PARALLAX_RESCORE_BATCH: '10' },
    });
    await child.waitFor(/\(\d0 %\)/);
    child.child.kill('SIGINT');
    const stopped = await child.exited;
    expect(stopped.code, stopped.stderr).toBe(130);
    expect(stopped.stdout).toMatch(/Stopped at \d+ of 480 answers/);
    const file = new Database(big, { readonly: true });
    const job = JSON.parse(
      file.prepare("SELECT value FROM meta WHERE key = 'pos_rescore'").pluck().get() as string,
    ) as { done: number; total: number };
    file.close();
    expect(job.done).toBeGreaterThan(0);
    expect(job.done).toBeLessThan(480);
    const rest = await runCli(['--json', 'positioning', 'rescore', '--yes', '--db', big], tmp.dir);
    expect(rest.code, rest.stderr).toBe(0);
    const out = JSON.parse(rest.stdout) as {
      outcome: string;
      done: number;
      total: number;
      last: { answers: number; lines: string[] };
    };
    expect(out).toMatchObject({ outcome: 'finished', done: 480, total: 480 });
    expect(out.last.answers).toBe(480);
    expect(out.last.lines).toEqual(['Nothing moved: 480 answers judged the same as before']);
  }, 120_000);
});
