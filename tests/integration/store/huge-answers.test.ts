import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, type HistoryStore } from '../../../src/core/history';
import { SEARCH_INDEX_CHARS } from '../../../src/core/history/codec';
import { linearSnippet, snippetTerms } from '../../../src/core/history/search';
import { toVersion11 } from '../../support/old-history';
import { repeatedWord } from '../../support/hostile-service';
import { newRun, normalized, openTemp, searchIndexProblems, tempFolder } from './helpers';

// Huge and hostile answers in the history: stored whole, indexed for search up to
// their first SEARCH_INDEX_CHARS characters, and searched with snippets made in one pass when
// an answer holds many matches. Before, `search` over one answer of a word repeated a million
// times never finished (FTS5's snippet() scores every pair of matches); no time is asserted
// here (`npm run bench -- hostile` measures it), but the test's own timeout would fail it.

const tmp = tempFolder();
afterAll(() => tmp.cleanup());

function store(name: string): HistoryStore {
  return openTemp(tmp.file(name));
}

function ingest(s: HistoryStore, texts: readonly string[]): string[] {
  const { run } = newRun(s, { prompts: texts.map((_, i) => `prompt ${i}`) });
  const jobs = s.listJobs(run.id);
  s.ingestResults(
    texts.map((text, i) => ({
      jobId: jobs[i]!.id,
      raw: JSON.stringify({ result: { text } }),
      normalized: normalized('assistant-a', text),
      fetchedAt: 1_000 + i,
    })),
  );
  return jobs.map((j) => j.id);
}

describe('huge answers in the history', () => {
  it('searches a 1 MB answer of one repeated word, with a snippet marking its matches', () => {
    const s = store('one-word.db');
    const text = repeatedWord('walrus', 1024 * 1024);
    const [job] = ingest(s, [text, 'a short answer about a walrus and a seal']);
    const page = s.search({ query: 'walrus', markers: { open: '[', close: ']' }, snippetTokens: 8 });
    expect(page.total).toBe(2);
    const hit = page.hits.find((h) => h.jobId === job)!;
    expect(hit.snippet).toBe('[walrus] [walrus] [walrus] [walrus] [walrus] [walrus] [walrus] [walrus]…');
    // The few-match answer keeps FTS5's own snippet.
    expect(page.hits.find((h) => h.jobId !== job)!.snippet).toContain('[walrus]');
    expect(s.getResultByJob(job!)!.normalized.text).toBe(text);
    s.close();
    expect(searchIndexProblems(tmp.file('one-word.db'))).toBeNull();
  });

  it('stores a long answer whole and indexes its first SEARCH_INDEX_CHARS characters', () => {
    const s = store('long.db');
    const head = `narwhal ${'filler '.repeat(SEARCH_INDEX_CHARS / 7)}`;
    const text = `${head} beluga`;
    const [job] = ingest(s, [text]);
    expect(s.getResultByJob(job!)!.normalized.text).toBe(text);
    expect(s.search({ query: 'narwhal' }).total).toBe(1);
    expect(s.search({ query: 'beluga' }).total).toBe(0);
    s.close();
    expect(searchIndexProblems(tmp.file('long.db'))).toBeNull();
  });

  it('migration 12 keeps rows indexed whole before it consistent through replace and delete', () => {
    const path = tmp.file('v11.db');
    const s = store('v11.db');
    const [oldJob] = ingest(s, [`${'x'.repeat(SEARCH_INDEX_CHARS + 10)} dugong`]);
    s.close();
    toVersion11(path);
    const upgraded = openTemp(path);
    expect(upgraded.migrated).toEqual({ from: 11, to: MIGRATIONS.length });
    // Indexed whole before version 12: still found past the head.
    expect(upgraded.search({ query: 'dugong' }).total).toBe(1);
    const [newJob] = ingest(upgraded, [`${'y'.repeat(SEARCH_INDEX_CHARS + 10)} manatee`]);
    expect(upgraded.search({ query: 'manatee' }).total).toBe(0);
    upgraded.ingestResults([
      { jobId: oldJob!, raw: {}, normalized: normalized('assistant-a', 'replaced by an orca'), fetchedAt: 9 },
    ]);
    expect(upgraded.search({ query: 'dugong' }).total).toBe(0);
    expect(upgraded.search({ query: 'orca' }).total).toBe(1);
    upgraded.close();
    expect(searchIndexProblems(path)).toBeNull();
    const again = openTemp(path);
    expect(again.deleteRun(again.getJob(newJob!)!.runId)).toBe(true);
    again.close();
    expect(searchIndexProblems(path)).toBeNull();
  });

  it('makes a one-pass snippet around the first match: prefixes, diacritics, phrases', () => {
    const style = { open: '<', close: '>', tokens: 6 };
    const text = 'Intro words here. Then Café crème and cafés again, café, then more words follow on.';
    expect(linearSnippet(text, snippetTerms('cafe'), style)).toBe('…Then <Café> crème and cafés again…');
    expect(linearSnippet(text, snippetTerms('caf*'), style)).toBe('…Then <Café> crème and <cafés> again…');
    expect(linearSnippet(text, snippetTerms('"creme and"'), style)).toBe(
      '…Café <crème> <and> cafés again, café…',
    );
    expect(linearSnippet('no match at all here', snippetTerms('walrus'), style)).toBe('no match at all here');
  });
});
