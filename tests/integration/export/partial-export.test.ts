import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliAt as runCli } from '../../support/cli-in-process';
import { newRun, normalized, openTemp, tempFolder } from '../store/helpers';

// Exporting a run that has not finished says it is partial, on stderr and in the
// file (JSON: partial and partialNote; Markdown: a quoted line at its top); a finished run's
// export says nothing of the kind. Before, a run still under way exported as if it were whole.

const tmp = tempFolder();
afterAll(() => tmp.cleanup());

function historyWithRuns(): { db: string; running: string; finished: string } {
  const db = tmp.file('partial.db');
  const store = openTemp(db);
  const running = newRun(store, { countries: ['US', 'DE', 'FR'] }).run.id;
  const finished = newRun(store).run.id;
  for (const runId of [running, finished]) {
    const [job] = store.listJobs(runId);
    store.transitionJob(job!.id, { jobState: 'running' });
    store.ingestResults([
      {
        jobId: job!.id,
        raw: {},
        normalized: normalized('assistant-a', 'an answer'),
        fetchedAt: 1,
        jobPatch: { jobState: 'succeeded', creditsCharged: 5 },
      },
    ]);
  }
  store.updateRun(running, { status: 'running' });
  store.close();
  return { db, running, finished };
}

describe('exporting a run that is still under way', () => {
  const { db, running, finished } = historyWithRuns();

  it('says it is partial, on stderr and in the file', async () => {
    const json = tmp.file('running.json');
    const out = await runCli(
      ['export', running, '--format', 'json', '--out', json, '--db', db],
      tmp.file('ud'),
    );
    expect(out.code, out.stderr).toBe(0);
    expect(out.stderr).toMatch(/Partial export: the run was running with 1 of 3 jobs done/);
    const doc = JSON.parse(readFileSync(json, 'utf8')) as { partial: boolean; partialNote: string };
    expect(doc.partial).toBe(true);
    expect(doc.partialNote).toMatch(/^Partial export/);
    const md = join(tmp.dir, 'running.md');
    await runCli(['export', running, '--format', 'md', '--out', md, '--db', db], tmp.file('ud'));
    expect(readFileSync(md, 'utf8')).toMatch(/^> Partial export: the run was running with 1 of 3 jobs done/m);
  });

  it('says nothing of the kind for a finished run', async () => {
    const json = tmp.file('finished.json');
    const out = await runCli(
      ['export', finished, '--format', 'json', '--out', json, '--db', db],
      tmp.file('ud'),
    );
    expect(out.code, out.stderr).toBe(0);
    expect(out.stderr).not.toMatch(/Partial/);
    expect((JSON.parse(readFileSync(json, 'utf8')) as { partial: boolean }).partial).toBe(false);
  });
});
