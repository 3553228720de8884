import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliAt, type InProcessOutcome } from '../../support/cli-in-process';
import { bingCsv, gscZip } from './exports';

// `parallax prompts suggest` over a real history: a sandbox run (the sandbox over HTTP on
// 127.0.0.1, in this process) whose engines searched while answering, a Search Console export
// and a Bing export. Fan-out answers are counted again by hand from the run's own export; the
// tracked prompt, a near-duplicate and a navigational query are checked to be handled as said.

interface Suggestion {
  id: string;
  text: string;
  sources: string[];
  variants: string[];
  impressions: number | null;
  citations: number | null;
  answers: number | null;
}
interface SuggestJson {
  suggestions: Suggestion[];
  total: number;
  notes: string[];
}

let dir = '';
let db = '';
const parallax = (args: string[]): Promise<InProcessOutcome> => runCliAt([...args, '--db', db], dir);

async function json<T>(args: string[]): Promise<T> {
  const out = await parallax([...args, '--json']);
  expect(out.code, out.stderr).toBe(0);
  return JSON.parse(out.stdout) as T;
}

/** Answers per fan-out query, counted from the run's NDJSON export (each answer once per query). */
function fanoutByHand(file: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of readFileSync(file, 'utf8').trim().split('\n')) {
    const job = JSON.parse(line) as { result: { normalized: { searchQueries: string[] } } | null };
    const queries = new Set(
      (job.result?.normalized.searchQueries ?? []).map((q) => q.trim()).filter((q) => q !== ''),
    );
    for (const q of queries) counts.set(q, (counts.get(q) ?? 0) + 1);
  }
  return counts;
}

let byHand = new Map<string, number>();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parallax-suggest-'));
  db = join(dir, 'history.db');
  const run = await json<{ runId: string }>([
    'run',
    '--sandbox',
    '--prompt',
    'best crm for a small team',
    '--prompt',
    'which crm has the best support',
    '--countries',
    'US,DE',
    '--repeat',
    '2',
    '--include',
    'searchQueries',
    '--yes',
  ]);
  const exported = join(dir, 'run.ndjson');
  expect((await parallax(['export', run.runId, '--format', 'ndjson', '--out', exported])).code).toBe(0);
  byHand = fanoutByHand(exported);
  expect(byHand.size).toBeGreaterThan(0);
  await json(['prompts', 'add', 'how do i choose a crm']);
  writeFileSync(
    join(dir, 'gsc.zip'),
    await gscZip([
      ['How do I choose a CRM?', 3, 400],
      ['which crm is best for a small team', 5, 500],
      ['best CRM for small teams', 2, 300],
      ['acme login', 9, 900],
    ]),
  );
  writeFileSync(
    join(dir, 'bing.csv'),
    bingCsv([
      ['2026-11-20', 'crm with email integration', 4],
      ['2026-11-21', 'crm with email integration', 2],
    ]),
  );
  await json(['outcomes', 'import', 'gsc', join(dir, 'gsc.zip')]);
  await json(['outcomes', 'import', 'bing', join(dir, 'bing.csv')]);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('parallax prompts suggest', () => {
  it('folds near-duplicates, leaves out the tracked prompt and navigational queries, says where each came from', async () => {
    const out = await json<SuggestJson>(['prompts', 'suggest', '--limit', '200']);
    const texts = out.suggestions.map((s) => s.text.toLowerCase());
    expect(texts).not.toContain('how do i choose a crm?');
    expect(texts).not.toContain('acme login');
    const small = out.suggestions.find((s) => s.text === 'which crm is best for a small team');
    expect(small).toMatchObject({
      sources: ['gsc'],
      impressions: 800,
      variants: ['which crm is best for a small team', 'best CRM for small teams'],
    });
    expect(out.suggestions.find((s) => s.text === 'crm with email integration')).toMatchObject({
      sources: ['bing'],
      citations: 6,
    });
    expect(out.notes.join(' ')).toContain('a proxy');
    expect(out.notes.join(' ')).toContain('never a volume');
  });

  it('counts each fan-out query\u2019s answers as the run\u2019s own answers do', async () => {
    const out = await json<SuggestJson>(['prompts', 'suggest', '--limit', '500']);
    const fanout = out.suggestions.filter((s) => s.sources.includes('fanout'));
    expect(fanout.length).toBeGreaterThan(0);
    for (const s of fanout) {
      const hand = s.variants.reduce((n, v) => n + (byHand.get(v) ?? 0), 0);
      expect(s.answers, s.text).toBe(hand);
    }
    const listed = new Set(out.suggestions.flatMap((s) => s.variants));
    const missing = [...byHand.keys()].filter((q) => !listed.has(q));
    expect(missing).toEqual([]);
  });

  it('adds a suggestion to the library by its id, after which it is tracked and no longer suggested', async () => {
    const before = await json<SuggestJson>(['prompts', 'suggest']);
    const pick = before.suggestions[0] as Suggestion;
    const added = await json<{ added: boolean; target: string }>(['prompts', 'suggest', '--add', pick.id]);
    expect(added).toMatchObject({ added: true, target: 'library' });
    const library = await json<{ prompts: Array<{ text: string }> }>(['prompts', 'list']);
    expect(library.prompts.map((p) => p.text)).toContain(pick.text);
    const after = await json<SuggestJson>(['prompts', 'suggest', '--limit', '500']);
    expect(after.suggestions.map((s) => s.id)).not.toContain(pick.id);
  });

  it('adds a suggestion to a monitor named with --monitor', async () => {
    await json([
      'monitors',
      'add',
      '--name',
      'Weekly CRM',
      '--prompt',
      'best crm for a small team',
      '--countries',
      'US',
      '--cadence',
      'weekly',
    ]);
    const pick = (await json<SuggestJson>(['prompts', 'suggest'])).suggestions[0] as Suggestion;
    const added = await json<{ added: boolean; monitor: string }>([
      'prompts',
      'suggest',
      '--add',
      pick.id,
      '--monitor',
      'Weekly CRM',
    ]);
    expect(added).toMatchObject({ added: true, monitor: 'Weekly CRM' });
    const monitors = await json<
      | Array<{ name: string; spec: { prompts: string[] } }>
      | { monitors: Array<{ name: string; spec: { prompts: string[] } }> }
    >(['monitors', 'list']);
    const list = Array.isArray(monitors) ? monitors : monitors.monitors;
    expect(list.find((m) => m.name === 'Weekly CRM')?.spec.prompts).toEqual([
      'best crm for a small team',
      pick.text,
    ]);
  });

  it('files an added suggestion under topics, filters by source, and remembers a dismissal', async () => {
    const bing = await json<SuggestJson>(['prompts', 'suggest', '--source', 'bing']);
    expect(bing.suggestions.map((s) => s.sources)).toEqual([['bing']]);
    const fanout = await json<SuggestJson>(['prompts', 'suggest', '--source', 'fanout', '--limit', '500']);
    expect(fanout.suggestions.every((s) => s.sources.includes('fanout'))).toBe(true);
    const [first, second] = fanout.suggestions as [Suggestion, Suggestion];
    const added = await json<{ added: boolean; topics: string[] }>([
      'prompts',
      'suggest',
      '--add',
      first.id,
      '--topic',
      'Fan-out',
      '--topic',
      'CRM',
    ]);
    expect(added).toMatchObject({ added: true, topics: ['CRM', 'Fan-out'] });
    const library = await json<{ prompts: Array<{ text: string; topics: string[] }> }>(['prompts', 'list']);
    expect(library.prompts.find((p) => p.text === first.text)?.topics).toEqual(['CRM', 'Fan-out']);

    const dismissed = await json<{ dismissed: boolean; text: string }>([
      'prompts',
      'suggest',
      '--dismiss',
      second.id,
    ]);
    expect(dismissed).toEqual({ id: second.id, text: second.text, dismissed: true });
    const after = await json<SuggestJson & { dismissed: number }>(['prompts', 'suggest', '--limit', '500']);
    expect(after.suggestions.map((s) => s.id)).not.toContain(second.id);
    expect(after.dismissed).toBe(1);
    expect(await json(['prompts', 'suggest', '--restore', second.id])).toEqual({
      id: second.id,
      restored: true,
    });
    const back = await json<SuggestJson>(['prompts', 'suggest', '--limit', '500']);
    expect(back.suggestions.map((s) => s.id)).toContain(second.id);
  });

  it('refuses flags that do not go together', async () => {
    const both = await parallax(['prompts', 'suggest', '--add', 'abc', '--dismiss', 'abc']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('one at a time');
    const topic = await parallax(['prompts', 'suggest', '--topic', 'CRM']);
    expect(topic.code).toBe(2);
    expect(topic.stderr).toContain('--topic goes with --add');
    const source = await parallax(['prompts', 'suggest', '--source', 'ga4']);
    expect(source.code).toBe(2);
    expect(source.stderr).toContain('--source is one of gsc, bing, fanout');
  });

  it('refuses an unknown id as bad input', async () => {
    const out = await parallax(['prompts', 'suggest', '--add', 'nope']);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('No suggestion nope');
  });
});
