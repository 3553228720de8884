import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPageArchiver,
  createWorkerSanitizer,
  type PageArchiverOptions,
  type PageSanitizer,
} from '../../../src/core/runs/archive';
import type { ArchivedPage } from '../../../src/core/history/pages';
import { sanitizeArchivedPage } from '../../../src/core/runs/archive/sanitize';
import { buildWorker, removeBuiltWorker } from '../../support/build-worker';
import { newRun, normalized, openTemp, tempFolder } from '../store/helpers';

// The app strips archived pages on a worker thread (a 5 MB page takes seconds). The worker is
// built as the app ships it and run for real: same output as stripping in-process, requests
// answered by id, and a worker that dies fails its pages on the retry schedule, never silently.

const PAGE = (n: number): string =>
  `<html><head><style>.n${n}{color:red}</style><script>window.hacked=${n}</script></head>` +
  `<body><p class="n${n}" onclick="steal()">page ${n}</p><img src="https://tracker.example/p.gif"></body></html>`;

const tmp = tempFolder();
let workerFile: string;
let server: Server;
let base: string;

beforeAll(async () => {
  workerFile = await buildWorker(join(__dirname, '../../../src/core/runs/archive/sanitize-worker.ts'));
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(PAGE(7));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  removeBuiltWorker(workerFile);
  tmp.cleanup();
});

/** Stores one answer linking to the local page, archives it with `sanitize`; its page row. */
async function archiveOnePage(
  file: string,
  sanitize: PageSanitizer,
  options: Partial<PageArchiverOptions> = {},
): Promise<ArchivedPage | null> {
  const store = openTemp(tmp.file(file));
  try {
    const { jobs } = newRun(store);
    const [outcome] = store.ingestResults([
      {
        jobId: jobs[0]!.id,
        raw: '{}',
        normalized: normalized('assistant-a', 'An answer', { htmlUrls: [`${base}/page`] }),
        fetchedAt: Date.now(),
      },
    ]);
    const archiver = createPageArchiver({ store, fetch: globalThis.fetch, now: Date.now, sanitize, options });
    await archiver.idle();
    await archiver.close();
    return store.getArchivedPage(outcome!.resultId, 0);
  } finally {
    store.close();
  }
}

describe('the page sanitiser on a worker thread', () => {
  it('strips a page exactly as in-process stripping does', async () => {
    const sanitizer = createWorkerSanitizer(workerFile);
    try {
      const stripped = await sanitizer.sanitize(PAGE(1));
      expect(stripped).toBe(sanitizeArchivedPage(PAGE(1)));
      expect(stripped).not.toMatch(/<script|onclick|tracker\.example/);
      expect(stripped).toContain('.n1{color:red}');
    } finally {
      await sanitizer.close();
    }
  });

  it('answers pages sent at once each with its own result', async () => {
    const sanitizer = createWorkerSanitizer(workerFile);
    try {
      const pages = await Promise.all([1, 2, 3, 4, 5].map((n) => sanitizer.sanitize(PAGE(n))));
      pages.forEach((page, i) => expect(page).toContain(`page ${i + 1}`));
    } finally {
      await sanitizer.close();
    }
  });

  it('is used by the archiver: the stored page has no script', async () => {
    const sanitizer = createWorkerSanitizer(workerFile);
    try {
      const page = await archiveOnePage('worker-archive.db', sanitizer.sanitize);
      expect(page?.state).toBe('archived');
      expect(page?.html).toBe(sanitizeArchivedPage(PAGE(7)));
    } finally {
      await sanitizer.close();
    }
  });

  it('fails the pages a dying worker held, retries them on the schedule, then records why', async () => {
    const dying = join(dirname(workerFile), 'dying-worker.mjs');
    writeFileSync(
      dying,
      "import { parentPort } from 'node:worker_threads';\nparentPort.on('message', () => process.exit(3));\n",
    );
    const sanitizer = createWorkerSanitizer(dying);
    await expect(sanitizer.sanitize(PAGE(1))).rejects.toThrow(/sanitiser stopped \(exit code 3\)/);
    // The next page starts a new worker (which dies again here).
    await expect(sanitizer.sanitize(PAGE(2))).rejects.toThrow(/exit code 3/);

    try {
      const status = await archiveOnePage('dying-archive.db', sanitizer.sanitize, { backoffMs: [5, 5] });
      expect(status).toMatchObject({ state: 'failed', reasonCode: 'not-html', attempts: 3 });
      expect(status?.reason).toBe(
        'The page could not be read as HTML: The page sanitiser stopped (exit code 3). (3 attempts)',
      );
    } finally {
      await sanitizer.close();
    }
  });
});
