import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHistory } from '../../../src/core/history';
import type { PageArchiveStatus } from '../../../src/shared/domain/page-archive';
import { runCliAt as runCli } from '../../support/cli-in-process';
import { newRun, normalized } from '../store/helpers';

// `parallax page` through the CLI in this process (tests/support/cli-in-process.ts): a run with --sandbox (the sandbox lives only as
// long as that command) archives its pages before it exits, so `show --json` and `page` read
// them afterwards with no sandbox anywhere.

let dir = '';
let db = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'parallax-page-cli-'));
  db = join(dir, 'history.db');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface ShownJob {
  resultId: string | null;
  country: string;
  pages: PageArchiveStatus[];
}

// Each test runs the CLI a few times (a few seconds each on a busy 2-core machine).
describe('parallax page', { timeout: 180_000 }, () => {
  let resultIds: string[] = [];

  it('a run archives its pages before it exits; show --json names each result id and its pages', async () => {
    const run = await runCli(
      [
        'run',
        '--sandbox',
        '--db',
        db,
        '--prompt',
        'best trail shoes',
        '--countries',
        'US,DE',
        '--include',
        'html',
        '--yes',
        '--json',
      ],
      dir,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/Archiving \d result pages?/);
    const { runId } = JSON.parse(run.stdout) as { runId: string };

    const show = await runCli(['show', runId, '--db', db, '--json'], dir);
    expect(show.code, show.stderr).toBe(0);
    const jobs = (JSON.parse(show.stdout) as { jobs: ShownJob[] }).jobs;
    expect(jobs.map((j) => j.country).sort()).toEqual(['DE', 'US']);
    for (const job of jobs) {
      expect(job.resultId).toMatch(/\S/);
      expect(job.pages).toHaveLength(1);
      expect(job.pages[0]).toMatchObject({ index: 0, state: 'archived', reasonCode: null });
      expect(job.pages[0]?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\//);
    }
    resultIds = jobs.map((j) => j.resultId as string);
  });

  it('writes the archived page offline: no script, its styles and a CSP that loads nothing', async () => {
    const out = join(dir, 'page.html');
    const written = await runCli(['page', resultIds[0]!, '--db', db, '--out', out], dir);
    expect(written.code, written.stderr).toBe(0);
    expect(written.stdout).toContain(`Wrote ${out}`);
    const html = readFileSync(out, 'utf8');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('<style>');
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`,
    );

    const stdout = await runCli(['page', resultIds[1]!, '--db', db], dir);
    expect(stdout.code, stdout.stderr).toBe(0);
    expect(stdout.stdout.startsWith('<!doctype html>')).toBe(true);
  });

  it('a page that could not be archived says why and exits 1; an unknown result exits 2', async () => {
    // An answer stored 30 hours ago whose page was never fetched (a crash): `page` tries it
    // first, and its link is past the 24 h lifetime.
    const store = openHistory({ path: db });
    const { jobs } = newRun(store);
    const [stale] = store.ingestResults([
      {
        jobId: jobs[0]!.id,
        raw: '{}',
        normalized: normalized('assistant-a', 'Old answer', {
          htmlUrls: ['http://127.0.0.1:9/files/gone.html'],
        }),
        fetchedAt: Date.now() - 30 * 60 * 60 * 1000,
      },
    ]);
    store.close();

    const failed = await runCli(['page', stale!.resultId, '--db', db], dir);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('was not archived');
    expect(failed.stderr).toContain('expired');

    const unknown = await runCli(['page', 'no-such-result', '--db', db], dir);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('No result with id no-such-result');
  });
});
