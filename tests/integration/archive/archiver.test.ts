import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createPageArchiver,
  createReportPageSections,
  type PageArchiverOptions,
} from '../../../src/core/runs/archive';
import { buildCompareReport } from '../../../src/core/outputs/export';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openSettingsStore } from '../../../src/core/platform/settings';
import { openHistory, type HistoryStore } from '../../../src/core/history';
import { createTestCore } from '../../support/test-core';
import type { RunningSandbox } from '../../../src/sandbox/index';
import { post, testSandbox } from '../sandbox/http';
import { newRun, normalized, openTemp, tempFolder } from '../store/helpers';

// The page archiver against real parts: a real SQLite file, the sandbox's page host on
// loopback (with its own clock, so its links expire), and a small local server for the
// pages the sandbox never serves (too large, not HTML, failing then recovering).

const tmp = tempFolder();
afterAll(() => tmp.cleanup());

const HOUR = 60 * 60 * 1000;
const FAST: Partial<PageArchiverOptions> = { backoffMs: [5, 5], timeoutMs: 2_000 };

let store: HistoryStore;
let n = 0;
beforeEach(() => {
  store = openTemp(tmp.file(`archive-${n++}.db`));
  return () => store.close();
});

/** Stores one answer of a new run linking to `urls`, fetched at `fetchedAt`; its result id. */
function ingestAnswer(urls: string[], fetchedAt = Date.now()): string {
  const { jobs } = newRun(store);
  const [outcome] = store.ingestResults([
    {
      jobId: jobs[0]!.id,
      raw: '{}',
      normalized: normalized('assistant-a', 'An answer', { htmlUrls: urls }),
      fetchedAt,
    },
  ]);
  return outcome!.resultId;
}

async function archiveAll(options: Partial<PageArchiverOptions> = FAST, now = Date.now): Promise<void> {
  const archiver = createPageArchiver({ store, fetch: globalThis.fetch, now, options });
  await archiver.idle();
  await archiver.close();
}

describe('pages from the sandbox', () => {
  let clock = Date.now();
  let sandbox: RunningSandbox | null = null;
  beforeEach(async () => {
    clock = Date.now();
    sandbox = await testSandbox({ clock: () => clock });
  });
  afterEach(async () => {
    await sandbox?.close();
    sandbox = null;
  });

  async function pageUrl(): Promise<string> {
    const reply = await post(sandbox!, '/v1/monitor/assistant-a', {
      prompt: 'best trail shoes',
      country: 'US',
      include: { html: true },
    });
    return reply.body.result.html as string;
  }

  it('archives a page at ingest without scripts, with its styles and data: image, readable offline', async () => {
    const url = await pageUrl();
    const live = await (await fetch(url)).text();
    expect(live).toContain('<script>');
    const resultId = ingestAnswer([url]);
    expect(store.getArchivedPage(resultId, 0)).toMatchObject({ state: 'pending', html: null });

    await archiveAll();
    await sandbox!.close();
    sandbox = null;
    await expect(fetch(url)).rejects.toThrow();

    const page = store.getArchivedPage(resultId, 0)!;
    expect(page).toMatchObject({ state: 'archived', url, reasonCode: null, attempts: 1 });
    const html = page.html!;
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('SCRIPT RAN');
    expect(html).not.toMatch(/<link|https:\/\/static\.example/);
    expect(html).toContain('<style>');
    expect(html).toContain('header.top');
    expect(html).toContain('style="font-size: 22px; color: #1f3a5f"');
    expect(html).toMatch(/<img[^>]+src="data:image\/svg\+xml;base64,/);
    expect(html).toMatch(
      /<head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">/,
    );
    // Kept compressed: the stored blob is smaller than the page as downloaded.
    expect(page.pageBytes).toBe(Buffer.byteLength(live));
    expect(page.storedBytes).toBeGreaterThan(0);
    expect(page.storedBytes!).toBeLessThan(page.pageBytes!);
  });

  it('records a link that expired (410 by the sandbox clock, 404 once unknown) as expired', async () => {
    const url = await pageUrl();
    const expiredId = ingestAnswer([url]);
    const unknownId = ingestAnswer([`${sandbox!.baseUrl}/files/00000000-0000-0000-0000-000000000000.html`]);
    clock += 25 * HOUR;
    expect((await fetch(url)).status).toBe(410);

    await archiveAll();
    for (const [id, status] of [
      [expiredId, 410],
      [unknownId, 404],
    ] as const) {
      const page = store.getArchivedPage(id, 0)!;
      expect(page).toMatchObject({ state: 'failed', reasonCode: 'expired', html: null, attempts: 1 });
      expect(page.reason).toContain(`HTTP ${status}`);
    }
  });

  it('takes up pages a crash left pending when the next archiver starts', async () => {
    const ids = [ingestAnswer([await pageUrl()]), ingestAnswer([await pageUrl(), await pageUrl()])];
    // First process: closed before it did anything (as a kill would leave the rows).
    const first = createPageArchiver({ store, fetch: globalThis.fetch, now: Date.now, options: FAST });
    await first.close();
    expect(store.pendingPageCount()).toBe(3);

    await archiveAll();
    expect(store.pendingPageCount()).toBe(0);
    const status = store.pageArchiveStatus(ids);
    expect(status.get(ids[1]!)?.map((p) => [p.index, p.state])).toEqual([
      [0, 'archived'],
      [1, 'archived'],
    ]);
  });

  it('puts the archived page in the compare report, offline, and says why when there is none', async () => {
    const archived = ingestAnswer([await pageUrl(), await pageUrl()]);
    const expired = ingestAnswer([await pageUrl()], Date.now() - 30 * HOUR);
    await archiveAll();
    await sandbox!.close();
    sandbox = null;
    const results = store.getResults([archived, expired]);
    const report = buildCompareReport(results, {
      title: 'Trail shoes',
      pageSection: createReportPageSections(store.getArchivedPage),
    });
    // The page as srcdoc of a script-less frame: its markup escaped into the attribute.
    expect(report).toMatch(/<iframe class="archived-page" [^>]*sandbox="" srcdoc="&lt;!doctype html&gt;/);
    expect(report).toContain('&lt;style&gt;');
    expect(report).not.toMatch(/<script|&lt;script/i);
    expect(report).toContain('not archived: The link had expired (24 h after the answer)');

    const small = buildCompareReport(results, {
      title: 'Trail shoes',
      pageSection: createReportPageSections(store.getArchivedPage, 100),
    });
    expect(small).not.toContain('<iframe');
    expect(small).toContain(`Left out: the report already holds`);
  });

  it('the app core takes up pages left pending by a crash when it next starts', async () => {
    const dir = join(tmp.dir, `core-${n}`);
    mkdirSync(dir);
    // Stored by a process that died before downloading anything.
    const crashed = openHistory({ path: join(dir, 'parallax.db') });
    const { jobs } = newRun(crashed);
    const [stored] = crashed.ingestResults([
      {
        jobId: jobs[0]!.id,
        raw: '{}',
        normalized: normalized('assistant-a', 'An answer', { htmlUrls: [await pageUrl()] }),
        fetchedAt: Date.now(),
      },
    ]);
    crashed.close();

    const core = await createTestCore(dir, openSettingsStore({ userDataDir: dir }));
    try {
      // Nobody asks: the core's own kick at open takes the page up.
      await expect
        .poll(() => core.store.getArchivedPage(stored!.resultId, 0)?.state, { timeout: 10_000 })
        .toBe('archived');
    } finally {
      await core.close();
    }
  });

  it('marks a link past its lifetime as expired without asking the network', async () => {
    const url = await pageUrl();
    const id = ingestAnswer([url], Date.now() - 30 * HOUR);
    const before = JSON.stringify(sandbox!.stats().requests);
    await archiveAll();
    expect(store.getArchivedPage(id, 0)).toMatchObject({ state: 'failed', reasonCode: 'expired' });
    expect(store.getArchivedPage(id, 0)?.reason).toContain('before the page could be archived');
    expect(JSON.stringify(sandbox!.stats().requests)).toBe(before);
  });
});

describe('pages that cannot be kept', () => {
  let server: Server;
  let base = '';
  let flaky = 0;
  const hits = new Map<string, number>();
  beforeEach(async () => {
    flaky = 0;
    hits.clear();
    server = createServer((req, res) => {
      const path = req.url ?? '/';
      hits.set(path, (hits.get(path) ?? 0) + 1);
      if (path === '/big') {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        res.end(`<html><body>${'x'.repeat(64 * 1024)}</body></html>`);
      } else if (path === '/json') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('{}');
      } else if (path === '/flaky') {
        flaky += 1;
        res.writeHead(flaky < 3 ? 503 : 200, { 'Content-Type': 'text/html' });
        res.end(flaky < 3 ? 'busy' : '<html><body><p>third time</p></body></html>');
      } else if (path === '/down') {
        res.writeHead(502, { 'Content-Type': 'text/html' });
        res.end('bad gateway');
      } else if (path === '/slow') {
        setTimeout(() => res.end('<html></html>'), 1_000).unref();
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
  });

  it('says why: too large, not HTML, not an http(s) link', async () => {
    const big = ingestAnswer([`${base}/big`]);
    const json = ingestAnswer([`${base}/json`]);
    const file = ingestAnswer(['file:///etc/passwd']);
    await archiveAll({ ...FAST, maxBytes: 32 * 1024 });
    expect(store.getArchivedPage(big, 0)).toMatchObject({ state: 'failed', reasonCode: 'too-large' });
    expect(store.getArchivedPage(big, 0)?.reason).toContain('32 KB');
    expect(store.getArchivedPage(json, 0)).toMatchObject({ state: 'failed', reasonCode: 'not-html' });
    expect(store.getArchivedPage(json, 0)?.reason).toContain('application/json');
    expect(store.getArchivedPage(file, 0)).toMatchObject({ state: 'failed', reasonCode: 'not-http' });
  });

  it('retries transient failures with backoff, then keeps the page or gives the last reason', async () => {
    const flakyId = ingestAnswer([`${base}/flaky`]);
    const downId = ingestAnswer([`${base}/down`]);
    await archiveAll({ backoffMs: [5, 5], timeoutMs: 2_000 });
    expect(store.getArchivedPage(flakyId, 0)).toMatchObject({ state: 'archived', attempts: 3 });
    expect(store.getArchivedPage(flakyId, 0)?.html).toContain('third time');
    expect(store.getArchivedPage(downId, 0)).toMatchObject({
      state: 'failed',
      reasonCode: 'http-error',
      attempts: 3,
    });
    expect(store.getArchivedPage(downId, 0)?.reason).toContain('HTTP 502');
    expect(store.getArchivedPage(downId, 0)?.reason).toContain('3 attempts');
    expect(hits.get('/down')).toBe(3);
  });

  it('records a timeout after its retries', async () => {
    const slow = ingestAnswer([`${base}/slow`]);
    await archiveAll({ backoffMs: [5], timeoutMs: 100 });
    expect(store.getArchivedPage(slow, 0)).toMatchObject({
      state: 'failed',
      reasonCode: 'timeout',
      attempts: 2,
    });
  });

  it('keeps an archived page when the same answer is stored again, and starts over for a new link', async () => {
    const { jobs } = newRun(store);
    const item = (urls: string[]) => ({
      jobId: jobs[0]!.id,
      raw: '{}',
      normalized: normalized('assistant-a', 'An answer', { htmlUrls: urls }),
      fetchedAt: Date.now(),
    });
    const [first] = store.ingestResults([item([`${base}/flaky`])]);
    await archiveAll();
    expect(store.getArchivedPage(first!.resultId, 0)?.state).toBe('archived');
    store.ingestResults([item([`${base}/flaky`])]);
    expect(store.getArchivedPage(first!.resultId, 0)?.state).toBe('archived');
    store.ingestResults([item([`${base}/json`])]);
    expect(store.getArchivedPage(first!.resultId, 0)).toMatchObject({ state: 'pending', attempts: 0 });
    store.ingestResults([item([])]);
    expect(store.getArchivedPage(first!.resultId, 0)).toBeNull();
  });
});
