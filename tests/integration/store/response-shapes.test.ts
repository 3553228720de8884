import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { EngineName } from '../../../src/shared/api/engines';
import { normalizeResult } from '../../../src/shared/api/normalize';
import {
  monitorEnvelopeShape,
  monitorResultSchema,
  taskRecordSchema,
  taskResultOf,
} from '../../../src/shared/api/responses';
import type { NormalizedResult } from '../../../src/shared/domain/result';
import type { HistoryStore } from '../../../src/core/history';
import { newRun, openTemp, tempFolder } from './helpers';

// The response shapes met in the wild (the vendor's official SDK and its published
// OpenAPI), one fixture each, read by the normaliser and stored in a real SQLite
// history: the raw JSON is kept byte for byte, missing optional fields are accepted and
// unknown ones ignored.

const FIXTURES = join(__dirname, '../../fixtures/response-shapes');
const fixture = (name: string): string => readFileSync(join(FIXTURES, name), 'utf8');

const tmp = tempFolder();
afterAll(() => tmp.cleanup());
let store: HistoryStore;
let dbPath: string;
let n = 0;
beforeEach(() => {
  dbPath = tmp.file(`shapes-${n++}.db`);
  store = openTemp(dbPath);
  return () => store.close();
});

/** A sync answer: the envelope is checked as the client checks it, then normalized. */
function fromMonitorAnswer(engine: EngineName, text: string): NormalizedResult {
  const parsed = monitorEnvelopeShape.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error('fixture rejected by the monitor envelope check');
  return normalizeResult(engine, parsed.data.result);
}

/** An async task record: parsed as the client parses GET /v1/async/task/{id}. */
function fromTaskRecord(engine: EngineName, text: string): NormalizedResult {
  const record = taskRecordSchema.parse(JSON.parse(text));
  const result = taskResultOf(record);
  if (result === null) throw new Error('no result in the task record');
  return normalizeResult(engine, result);
}

/** Stores one result for a fresh job and reads it back from the file. */
function storeAndReload(engine: EngineName, rawText: string, view: NormalizedResult) {
  const { jobs } = newRun(store, { engines: [engine] });
  const [outcome] = store.ingestResults([
    { jobId: jobs[0]!.id, raw: rawText, normalized: view, fetchedAt: Date.UTC(2026, 9, 7) },
  ]);
  const stored = store.getResult(outcome!.resultId)!;
  const db = new Database(dbPath, { readonly: true });
  const sources = db
    .prepare('SELECT kind, position, url, domain, title FROM sources ORDER BY kind, position')
    .all() as Array<{ kind: string; position: number; url: string; domain: string; title: string | null }>;
  db.close();
  return { stored, sources, resultId: outcome!.resultId };
}

describe('a completed task: bare result or {success, result}', () => {
  it('reads a bare result in `response`, ignoring unknown fields', () => {
    const text = fixture('task-bare-result.json');
    const view = fromTaskRecord('assistant-a', text);
    expect(view.text).toBe('Trailhawk and Acme both make light trail shoes.');
    expect(view.sources.map((s) => [s.kind, s.domain])).toEqual([
      ['cited', 'trailhawk.example'],
      ['citation-pill', 'trailhawk.example'],
    ]);
    const { stored, sources } = storeAndReload('assistant-a', text, view);
    expect(stored.rawJson).toBe(text);
    expect((stored.raw as { response: { futureField: unknown } }).response.futureField).toEqual({
      nested: [1, 2, 3],
    });
    expect(stored.normalized).toEqual(view);
    expect(sources).toHaveLength(2);
    expect(store.search({ query: 'Trailhawk' }).total).toBe(1);
  });

  it('reads the {success, result} envelope the public OpenAPI documents', () => {
    const text = fixture('task-envelope-result.json');
    const record = taskRecordSchema.parse(JSON.parse(text));
    expect(taskResultOf(record)).toEqual(
      (JSON.parse(text) as { response: { result: unknown } }).response.result,
    );
    const view = fromTaskRecord('assistant-a', text);
    expect(view.text).toBe('Acme leads the budget category, ahead of Trailhawk.');
    expect(view.entities).toEqual([{ type: 'brand', name: 'Acme' }]);
    expect(view.sources.map((s) => s.url)).toEqual(['https://reviews.example/budget']);
    const { stored, sources } = storeAndReload('assistant-a', text, view);
    expect(stored.rawJson).toBe(text);
    expect(stored.normalized.text).toBe(view.text);
    expect(sources).toEqual([
      {
        kind: 'cited',
        position: 1,
        url: 'https://reviews.example/budget',
        domain: 'reviews.example',
        title: 'Budget picks',
      },
    ]);
  });

  it('gives no result for a task whose response is an error, in either wrapping', () => {
    const failed = (response: unknown) =>
      taskResultOf(taskRecordSchema.parse({ task: { id: 't', status: 'COMPLETED' }, response }));
    expect(failed({ error: { code: 'INTERNAL_SERVER_ERROR', message: 'x' } })).toBeNull();
    expect(failed({ success: false, error: { code: 'INTERNAL_SERVER_ERROR' } })).toBeNull();
    expect(failed(null)).toBeNull();
    expect(failed({ success: true, result: { text: 'ok' } })).toEqual({ text: 'ok' });
  });
});

describe('a monitor result in the shapes the SDK and other deployments use', () => {
  it('search_model_queries as strings or {query, engine, limit} objects', () => {
    const text = fixture('queries-as-objects.json');
    const view = fromMonitorAnswer('assistant-b', text);
    expect(view.searchQueries).toEqual(['best trail running shoes 2026', 'trail shoe grip test']);
    expect(view.relatedSearches).toEqual(['trail shoes for beginners']);
    const typed = monitorResultSchema.parse((JSON.parse(text) as { result: unknown }).result);
    expect(typed.search_model_queries).toEqual(['best trail running shoes 2026', 'trail shoe grip test']);
    const { stored } = storeAndReload('assistant-b', text, view);
    expect(stored.rawJson).toBe(text);
    expect(stored.normalized.searchQueries).toEqual(view.searchQueries);
  });

  it('the answer text as `content` instead of `text`', () => {
    const text = fixture('text-as-content.json');
    const view = fromMonitorAnswer('assistant-a', text);
    expect(view.text).toBe('Läuferwerk is a German maker of running shoes.');
    expect(monitorResultSchema.parse({ content: 'x' }).content).toBe('x');
    // A list of parts is read too.
    expect(normalizeResult('assistant-c', { content: [{ type: 'text', text: 'One.' }, 'Two.'] }).text).toBe(
      'One.\n\nTwo.',
    );
    const { stored } = storeAndReload('assistant-a', text, view);
    expect(stored.rawJson).toBe(text);
    expect(store.search({ query: 'Läuferwerk' }).total).toBe(1);
  });

  it('sources, citations and references as URL strings or objects with url or uri', () => {
    const text = fixture('sources-as-strings.json');
    const view = fromMonitorAnswer('assistant-d', text);
    expect(view.sources.map((s) => [s.kind, s.position, s.url, s.domain, s.title])).toEqual([
      ['cited', 1, 'https://guides.example/cushion', 'guides.example', null],
      ['cited', 2, 'https://www.runblog.example/soft-shoes', 'runblog.example', null],
      // citations: the uri object is new, the repeated URL string counts once
      ['cited', 3, 'https://lab.example/foam-test', 'lab.example', 'Foam test'],
      // references: the url object; the item without a link is ignored
      ['cited', 4, 'https://science.example/paper', 'science.example', 'A study'],
    ]);
    const typed = monitorResultSchema.parse((JSON.parse(text) as { result: unknown }).result);
    expect(typed.sources).toEqual([
      { url: 'https://guides.example/cushion' },
      { url: 'https://www.runblog.example/soft-shoes' },
    ]);
    expect(typed.citations?.[0]).toEqual({ uri: 'https://lab.example/foam-test', title: 'Foam test' });
    const { stored, sources } = storeAndReload('assistant-d', text, view);
    expect(stored.rawJson).toBe(text);
    expect(sources.map((s) => s.domain)).toEqual([
      'guides.example',
      'runblog.example',
      'lab.example',
      'science.example',
    ]);
  });

  it('a result with no optional field at all is stored as an empty answer', () => {
    const text = fixture('minimal-result.json');
    const view = fromMonitorAnswer('assistant-e', text);
    expect(view).toMatchObject({
      text: '',
      markdown: null,
      htmlUrls: [],
      searchQueries: [],
      sources: [],
      entities: [],
      products: [],
    });
    const { stored, sources } = storeAndReload('assistant-e', text, view);
    expect(stored.rawJson).toBe(text);
    expect(stored.normalized).toEqual(view);
    expect(sources).toEqual([]);
  });
});
