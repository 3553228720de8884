import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import {
  keptDocPart,
  offerDocHoldingRaw,
  packDoc,
  RAW_IN_DOC,
  registerStoreFunctions,
  rememberDoc,
  resultDocParts,
} from '../../../src/core/history/codec';
import { newRun, normalized, openTemp, searchIndexProblems, source, tempFolder } from './helpers';

// A large pull's read-ahead thread packs each answer's document with its raw JSON and keeps the
// raw JSON's text (an engine's raw response can weigh hundreds of KB): the answer reaches ingest
// with RAW_IN_DOC in its place, and ingest stores the document it was offered, from which the
// raw JSON reads back whole. Without that document ingest refuses the answer rather than store
// it without its raw JSON. Real history files.

const folder = tempFolder();
afterAll(() => folder.cleanup());

const RAW = JSON.stringify({ answer: 'Walrus boots lead', padding: 'x'.repeat(50_000), n: [1, 2, 3] });

function answer(text: string) {
  return normalized('assistant-a', text, {
    sources: [source(1, 'guide.example', 'A walrus guide'), source(2, 'own.example', 'Own page')],
    searchQueries: ['walrus boots'],
  });
}

describe('an answer whose raw JSON came only in its document packed ahead', () => {
  it('is stored with that document: raw JSON, texts and search read back from it', () => {
    const path = folder.file('ahead.db');
    const store = openTemp(path);
    const { jobs } = newRun(store, { repeats: 2 });
    const [first, second] = jobs.map((job, i) => ({ job, n: answer(`Walrus boots lead, answer ${i}`) }));
    for (const { n } of [first!, second!])
      offerDocHoldingRaw(n, packDoc(resultDocParts(n, RAW), { verify: false }));
    store.ingestResults(
      [first!, second!].map(({ job, n }, i) => ({
        jobId: job.id,
        raw: RAW_IN_DOC,
        normalized: n,
        fetchedAt: i + 1,
      })),
    );
    for (const { job, n } of [first!, second!]) {
      const stored = store.getResultByJob(job.id);
      expect(stored?.rawJson).toBe(RAW);
      expect(stored?.normalized.text).toBe(n.text);
    }
    expect(store.search({ query: 'walrus' }).total).toBe(2);
    store.close();
    expect(searchIndexProblems(path)).toBeNull();
  });

  it('without that document is refused, and nothing of its batch is stored', () => {
    const store = openTemp(folder.file('missing.db'));
    const { jobs } = newRun(store, { repeats: 2 });
    const [packed, bare] = [answer('packed ahead'), answer('nothing offered')];
    offerDocHoldingRaw(packed, packDoc(resultDocParts(packed, RAW), { verify: false }));
    expect(() =>
      store.ingestResults([
        { jobId: jobs[0]!.id, raw: RAW_IN_DOC, normalized: packed, fetchedAt: 1 },
        { jobId: jobs[1]!.id, raw: RAW_IN_DOC, normalized: bare, fetchedAt: 2 },
      ]),
    ).toThrow(/without its raw JSON and without its document/);
    expect(jobs.map((job) => store.getResultByJob(job.id))).toEqual([null, null]);
    // Never packed again with the marker in the raw JSON's place.
    expect(() => resultDocParts(bare, RAW_IN_DOC)).toThrow(/only in its document/);
    store.close();
  });

  it('is not taken for an answer given its raw JSON as text: that answer is packed from its own', () => {
    const store = openTemp(folder.file('text.db'));
    const { jobs } = newRun(store);
    const n = answer('raw JSON as text');
    offerDocHoldingRaw(n, packDoc(resultDocParts(n, RAW), { verify: false }));
    store.ingestResults([{ jobId: jobs[0]!.id, raw: '{"own":true}', normalized: n, fetchedAt: 1 }]);
    expect(store.getResultByJob(jobs[0]!.id)?.rawJson).toBe('{"own":true}');
    store.close();
  });

  it("is remembered by the connection without its raw JSON, which is read from the document's bytes if asked for", () => {
    const db = new Database(':memory:');
    registerStoreFunctions(db);
    const parts = resultDocParts(answer('remembered'), RAW);
    const packed = packDoc(parts, { verify: false });
    // As ingest remembers a document packed ahead: its parts with no raw JSON.
    rememberDoc(db, packed, { ...parts, rawJson: null });
    expect(keptDocPart(db, Buffer.from(packed), 0)).toBe(parts.text);
    expect(keptDocPart(db, Buffer.from(packed), 3)).toBe(RAW);
    db.close();
  });
});
