import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../src/core/app';
import { openSettingsStore } from '../../../src/core/platform/settings';
import type { FactSheetImportView } from '../../../src/shared/ipc/channels/facts';
import type { FactsFigures } from '../../../src/shared/facts';
import { createTestCore } from '../../support/test-core';

// The Brands view's fact sheets over the app's IPC router and the real core: a YAML sheet read
// through the open dialog (the only stand-in: no window here), its bad fact named and left
// out, the good ones stored as the brand's sheet, and the figures read after the re-check.

describe('brand facts through the app core', () => {
  let dir = '';
  let core: Core;
  let openPath: string | null = null;
  const value = async <T>(channel: string, payload: unknown = {}): Promise<T> => {
    const result = await core.router.invoke(channel, payload);
    if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
    return result.value as T;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'parallax-facts-core-'));
    core = await createTestCore(dir, openSettingsStore({ userDataDir: dir }), {
      chooseOpenFile: async () => openPath,
      chooseSavePath: async () => null,
    });
  });
  afterAll(async () => {
    await core?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('imports a sheet, leaving out and naming a bad fact, and reads the figures', async () => {
    const brand = core.store.saveBrand({ name: 'Veloxa', kind: 'brand', aliases: [], domains: [] });
    openPath = join(dir, 'veloxa.yaml');
    writeFileSync(
      openPath,
      [
        'facts:',
        '  - { key: founded, kind: year, value: 1998 }',
        '  - { key: headquarters, kind: place, value: Osaka }',
        '  - { key: employees, kind: number, value: lots }',
      ].join('\n'),
    );
    const done = await value<FactSheetImportView>('facts.importSheet', { brandId: brand.id });
    expect(done).toMatchObject({ path: openPath, brand: 'Veloxa', facts: 2 });
    expect(done.errors).toHaveLength(1);
    expect(done.errors[0]?.field).toMatch(/value/);
    const figures = await value<FactsFigures>('facts.figures', { days: 30 });
    expect(figures.sources).toEqual([]);
    expect(figures.brands.every((b) => b.discrepancyRate.n === 0)).toBe(true);

    openPath = null;
    expect(await value<FactSheetImportView>('facts.importSheet', { brandId: brand.id })).toMatchObject({
      path: null,
      facts: 0,
    });
    const unknown = await core.router.invoke('facts.importSheet', { brandId: 'nope' });
    expect(unknown.ok).toBe(false);
    const bad = await core.router.invoke('facts.figures', { days: 0 });
    expect(bad.ok).toBe(false);
    // Compare's read: each answer asked for, none addressing a fact here; an empty list is refused.
    expect(await value('facts.results', { resultIds: ['r-unknown'] })).toEqual([
      { resultId: 'r-unknown', checks: [] },
    ]);
    const none = await core.router.invoke('facts.results', { resultIds: [] });
    expect(none.ok).toBe(false);
  });
});
