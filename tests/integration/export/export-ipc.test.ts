import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../src/core/app';
import { openSettingsStore } from '../../../src/core/platform/settings';
import type { EventPayload } from '../../../src/shared/ipc/contract';
import { createTestCore } from '../../support/test-core';
import { generateExportRun } from '../../bench/export-run';

// export.run and export.cancel through the app's IPC router over the real core, as the Export
// buttons call them: progress events for the renderer's exportId, the file written whole, and a
// cancel sent on the first progress event stopping the export with no file left behind.

describe('run exports over IPC', () => {
  let dir = '';
  let core: Core;
  let runId = '';
  let target = '';
  const progress: Array<EventPayload<'export.progress'>> = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'parallax-export-ipc-'));
    core = await createTestCore(dir, openSettingsStore({ userDataDir: dir }), {
      chooseSavePath: async () => target,
    });
    runId = generateExportRun(core.store, { prompts: 10, countries: 5, repeats: 6 });
    core.events.subscribe((event, payload) => {
      if (event === 'export.progress') progress.push(payload as EventPayload<'export.progress'>);
    });
  }, 60_000);

  afterAll(async () => {
    await core.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reports progress for its exportId and writes the file', async () => {
    target = join(dir, 'run.csv');
    const exportId = crypto.randomUUID();
    const reply = await core.router.invoke('export.run', { runId, format: 'csv', exportId });
    expect(reply).toEqual({ ok: true, value: { path: target, canceled: false, partial: null } });
    expect(readFileSync(target, 'utf8').split('\r\n')).toHaveLength(301);
    const mine = progress.filter((p) => p.exportId === exportId);
    expect(mine.at(0)).toMatchObject({ phase: 'writing', total: 300 });
    expect(mine.at(-1)).toEqual({ exportId, phase: 'done', done: 300, total: 300 });
  });

  it('table products: one row per stored product slot of the run; an unknown table is a field error', async () => {
    target = join(dir, 'products.csv');
    const reply = await core.router.invoke('export.run', { runId, format: 'csv', table: 'products' });
    expect(reply).toMatchObject({ ok: true, value: { path: target } });
    const db = new Database(core.store.readPath, { readonly: true });
    const slots = db
      .prepare(
        'SELECT count(*) FROM com_product c JOIN results r ON r.seq = c.seq JOIN jobs j ON j.id = r.job_id WHERE j.run_id = ?',
      )
      .pluck()
      .get(runId) as number;
    db.close();
    expect(slots).toBeGreaterThan(0);
    const lines = readFileSync(target, 'utf8').split('\r\n');
    expect(lines[0]).toMatch(/^\uFEFFrunId,jobId,resultId,prompt,.*,surface,position,title,/);
    expect(lines).toHaveLength(slots + 1);
    const bad = await core.router.invoke('export.run', { runId, format: 'csv', table: 'offers' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(JSON.stringify(bad.error)).toContain('table');
  });

  it('export.cancel stops it: canceled, no file under the name, no partial file', async () => {
    target = join(dir, 'stopped.json');
    const exportId = crypto.randomUUID();
    let cancel: Promise<unknown> | null = null;
    const off = core.events.subscribe((event, payload) => {
      const p = payload as EventPayload<'export.progress'>;
      if (event === 'export.progress' && p.exportId === exportId && p.phase === 'writing' && !cancel)
        cancel = core.router.invoke('export.cancel', { exportId });
    });
    try {
      const reply = await core.router.invoke('export.run', { runId, format: 'json', exportId });
      expect(reply).toEqual({ ok: true, value: { path: null, canceled: true, partial: null } });
      expect(await cancel).toEqual({ ok: true, value: { canceled: true } });
    } finally {
      off();
    }
    expect(existsSync(target)).toBe(false);
    expect(readdirSync(dir).filter((f) => f.endsWith('.partial'))).toEqual([]);
    expect(progress.filter((p) => p.exportId === exportId).at(-1)?.phase).toBe('canceled');
    // Nothing under way any more: a late cancel says so.
    expect(await core.router.invoke('export.cancel', { exportId })).toEqual({
      ok: true,
      value: { canceled: false },
    });
  });
});
