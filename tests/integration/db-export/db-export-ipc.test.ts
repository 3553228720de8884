import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../src/core/app';
import { demoHistoryCopy } from '../../support/demo-history';
import { openSettingsStore } from '../../../src/core/platform/settings';
import { openHistory } from '../../../src/core/history';
import type { DbExportRunView } from '../../../src/shared/ipc/channels/db-export';
import type { EventPayload } from '../../../src/shared/ipc/contract';
import { createTestCore } from '../../support/test-core';

// dbExport.* through the app's IPC router over the real core, as Settings → Data → "Export for
// analysis…" calls them: input checked in main, the path from main's save dialog, progress for
// the renderer's exportId, a cancel leaving nothing, and "Show in folder" only for an export
// this app wrote.

describe('analysis export over IPC', () => {
  let dir = '';
  let core: Core;
  let target: string | null = null;
  const shown: string[] = [];
  const progress: Array<EventPayload<'dbExport.progress'>> = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'parallax-db-export-ipc-'));
    const path = join(dir, 'parallax.db');
    await demoHistoryCopy({ days: 2, alerts: 'unchecked', to: path });
    core = await createTestCore(dir, openSettingsStore({ userDataDir: dir }), {
      chooseSavePath: async () => target,
      showInFolder: (p) => void shown.push(p),
    });
    core.events.subscribe((event, payload) => {
      if (event === 'dbExport.progress') progress.push(payload as EventPayload<'dbExport.progress'>);
    });
  }, 120_000);

  afterAll(async () => {
    await core.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses bad input before any dialog', async () => {
    const exportId = crypto.randomUUID();
    const bad = await core.router.invoke('dbExport.run', {
      format: 'csv',
      period: null,
      monitorId: null,
      exportId,
    });
    expect(bad).toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR' } });
    const period = await core.router.invoke('dbExport.run', {
      format: 'sqlite',
      period: { from: '2026-03-10', to: '2026-03-01' },
      monitorId: null,
      exportId,
    });
    expect(period).toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR' } });
    const monitor = await core.router.invoke('dbExport.run', {
      format: 'sqlite',
      period: null,
      monitorId: 'nope',
      exportId,
    });
    expect(monitor).toMatchObject({ ok: false, error: { code: 'MONITOR_NOT_FOUND' } });
  });

  it('writes the file main chose, reports progress, and shows it in its folder', async () => {
    target = join(dir, 'analysis.sqlite');
    const exportId = crypto.randomUUID();
    const reply = await core.router.invoke('dbExport.run', {
      format: 'sqlite',
      period: { days: 30 },
      monitorId: null,
      exportId,
    });
    expect(reply.ok).toBe(true);
    if (!reply.ok) return;
    const answers = openHistory({ path: join(dir, 'parallax.db'), readonly: true });
    const stored = answers.storageStats().results;
    answers.close();
    expect(reply.value).toMatchObject({ path: target, canceled: false, format: 'sqlite', synthetic: true });
    const value = reply.value as DbExportRunView;
    expect(value.tables.find((t) => t.table === 'answers')?.rows).toBe(stored);
    const file = new Database(target, { readonly: true });
    expect(file.prepare('SELECT count(*) FROM answers').pluck().get()).toBe(stored);
    file.close();
    const mine = progress.filter((p) => p.exportId === exportId);
    expect(mine.some((p) => p.table === 'answers' && p.unit === 'answers')).toBe(true);
    expect(await core.router.invoke('dbExport.showInFolder', { exportId })).toEqual({
      ok: true,
      value: { shown: true },
    });
    expect(shown).toEqual([target]);
    // An id main did not write (or a made-up one) shows nothing.
    expect(await core.router.invoke('dbExport.showInFolder', { exportId: crypto.randomUUID() })).toEqual({
      ok: true,
      value: { shown: false },
    });
  });

  it('a closed dialog writes nothing; a cancel on the first progress event leaves no folder', async () => {
    target = null;
    const closed = await core.router.invoke('dbExport.run', {
      format: 'parquet',
      period: null,
      monitorId: null,
      exportId: crypto.randomUUID(),
    });
    expect(closed).toMatchObject({ ok: true, value: { path: null, canceled: false } });

    target = join(dir, 'stopped-parquet');
    const exportId = crypto.randomUUID();
    let cancel: Promise<unknown> | null = null;
    const off = core.events.subscribe((event, payload) => {
      if (event === 'dbExport.progress' && (payload as { exportId: string }).exportId === exportId && !cancel)
        cancel = core.router.invoke('dbExport.cancel', { exportId });
    });
    try {
      const reply = await core.router.invoke('dbExport.run', {
        format: 'parquet',
        period: null,
        monitorId: null,
        exportId,
      });
      expect(reply).toMatchObject({ ok: true, value: { path: null, canceled: true } });
      expect(await cancel).toEqual({ ok: true, value: { canceled: true } });
    } finally {
      off();
    }
    expect(existsSync(target)).toBe(false);
    expect(readdirSync(dir).filter((f) => f.includes('.partial'))).toEqual([]);
  });
});
