import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../src/core/app';
import { createFindingsService } from '../../../src/core/analysis/findings';
import { openSettingsStore } from '../../../src/core/platform/settings';
import { openHistory } from '../../../src/core/history';
import type { FindingsListView } from '../../../src/shared/ipc/channels/findings';
import type { IpcResult } from '../../../src/shared/ipc/define';
import { buildDriftHistory, DRIFT_PERIOD } from '../../support/drift-history';
import { createTestCore } from '../../support/test-core';
import { dataOf, startMcp, textOf, type McpSession } from '../mcp/mcp-client';

// The findings where the app and assistants read them: the findings.list channel over the real
// core and the MCP tool what_changed through `parallax mcp` (the real bin, the SDK's client over
// stdio), on the drift history (tests/support/drift-history.ts): the same findings as the
// service, and the channel's schema refusing bad input with field errors.

let dir = '';
let db = '';
let core: Core;
let mcp: McpSession;
let expected: FindingsListView;
let settings: ReturnType<typeof openSettingsStore>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parallax-findings-'));
  db = join(dir, 'parallax.db');
  buildDriftHistory(db);
  const store = openHistory({ path: db, readonly: true });
  try {
    const service = createFindingsService({ store, now: Date.now, activeJudge: () => 'builtin' });
    expected = JSON.parse(
      JSON.stringify(
        service.list({ scope: { kind: 'all' }, period: DRIFT_PERIOD, limit: 7, resultLimit: 50 }),
      ),
    ) as FindingsListView;
  } finally {
    store.close();
  }
  settings = openSettingsStore({ userDataDir: dir });
  core = await createTestCore(dir, settings);
  mcp = await startMcp({ userDataDir: mkdtempSync(join(dir, 'mcp-')), args: ['--db', db] });
}, 60_000);

afterAll(async () => {
  await mcp?.close();
  await core?.close();
  rmSync(dir, { recursive: true, force: true });
});

const invoke = (payload: unknown): Promise<IpcResult<unknown>> =>
  core.router.invoke('findings.list', payload);

describe('findings.list', () => {
  it("answers with the service's findings, the drift in Germany on Assistant A first", async () => {
    const result = await invoke({ period: DRIFT_PERIOD });
    expect(result.ok).toBe(true);
    const view = (result as { value: FindingsListView }).value;
    expect(JSON.parse(JSON.stringify(view))).toEqual(expected);
    expect(view.findings[0]?.text).toBe(
      "Veloxa's mention rate fell 45 points in Germany on Assistant A (75 % → 30 %), while Fleetfoot rose 50 points.",
    );
    expect(view.findings.find((f) => f.kind === 'citation')?.changeDay).toBe('2026-11-04');
  });

  it('names the engines as the service profile in use does (the live profile: ChatGPT)', async () => {
    settings.update({ serviceProfileBuiltin: 'live' });
    try {
      const view = ((await invoke({ period: DRIFT_PERIOD })) as { value: FindingsListView }).value;
      expect(view.findings[0]?.text).toBe(
        "Veloxa's mention rate fell 45 points in Germany on ChatGPT (75 % → 30 %), while Fleetfoot rose 50 points.",
      );
      expect(JSON.stringify(view.findings)).not.toContain('Assistant A');
    } finally {
      settings.update({ serviceProfileBuiltin: null });
    }
  });

  it('keeps at most the findings and answers asked for', async () => {
    const result = await invoke({ period: DRIFT_PERIOD, limit: 2, resultLimit: 3 });
    const view = (result as { value: FindingsListView }).value;
    expect(view.findings).toHaveLength(2);
    expect(view.findings.every((f) => f.resultIds.length <= 3)).toBe(true);
  });

  it('refuses bad input with the field and an unknown brand by name', async () => {
    const limit = await invoke({ period: DRIFT_PERIOD, limit: 8 });
    expect(limit.ok).toBe(false);
    expect(JSON.stringify(limit)).toContain('limit');
    const period = await invoke({ period: { days: 0 } });
    expect(period.ok).toBe(false);
    const brand = await invoke({ period: DRIFT_PERIOD, brandId: 'no-such-brand' });
    expect(brand).toMatchObject({ ok: false, error: { code: 'BRAND_NOT_FOUND' } });
  });
});

describe('what_changed (MCP)', () => {
  it('answers with the findings in words and the same data as the service', async () => {
    const reply = await mcp.call('what_changed', { period: DRIFT_PERIOD });
    expect(reply.isError).toBeFalsy();
    const text = textOf(reply);
    expect(text).toContain('What changed 2026-11-01 to 2026-11-10 against 2026-10-22 to 2026-10-31.');
    expect(text).toContain("1. Veloxa's mention rate fell 45 points in Germany on Assistant A");
    expect(text).toMatch(
      /mention-rate: 75\.0 % \(n 40\) → 30\.0 % \(n 40\); p [\d.e-]+, q [\d.e-]+, significant/,
    );
    expect((dataOf(reply) as unknown as FindingsListView).findings).toEqual(expected.findings);
  });

  it('refuses input its schema does not allow', async () => {
    const bad = await mcp.call('what_changed', { limit: 9 });
    expect(bad.isError).toBe(true);
  });
});
