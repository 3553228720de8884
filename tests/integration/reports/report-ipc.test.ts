import ExcelJS from 'exceljs';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Core, SaveRequest } from '../../../src/core/app';
import { openSettingsStore } from '../../../src/core/platform/settings';
import { defaultAlertRules } from '../../../src/shared/alerts/rules';
import type { EventPayload } from '../../../src/shared/ipc/contract';
import type { IpcResult } from '../../../src/shared/ipc/define';
import { createTestCore } from '../../support/test-core';
import { demoDaysInPeriod } from '../../support/demo-days';
import { demoHistoryCopy } from '../../support/demo-history';
import { parseReportHtml } from '../../support/report-html';

// reports.write through the app's IPC router over the real core (as the "Client report…"
// buttons call it): zod input, the save dialog asked with the dated file name, the file written
// whole, a canceled dialog writing nothing, an unknown monitor refused. The core opens a copy of
// the shared 3-day demo history (as demo.load leaves it: its runs compared, their alerts stored).

describe('reports.write over IPC', () => {
  let dir = '';
  let core: Core;
  const asked: SaveRequest[] = [];
  let answer: string | null = null;
  let monitorId = '';
  let settings: ReturnType<typeof openSettingsStore>;

  const invoke = (payload: unknown): Promise<IpcResult<unknown>> =>
    core.router.invoke('reports.write', payload);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'parallax-report-ipc-'));
    settings = openSettingsStore({ userDataDir: dir });
    // Monitor runs go to the built-in sandbox (synthetic answers, no key).
    settings.update({ sandboxMode: true });
    const dbPath = await demoHistoryCopy({ days: 3, to: join(dir, 'parallax.db') });
    core = await createTestCore(dir, settings, {
      dbPath,
      chooseSavePath: async (request) => {
        asked.push(request);
        return answer;
      },
      sandboxOptions: { latencyMs: 5 },
    });
    monitorId = core.store.listMonitors().find((m) => m.name === 'Demo · Trail and race')?.id ?? '';
  }, 120_000);
  afterAll(async () => {
    await core?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('asks where to save under the dated name, then writes the HTML report there', async () => {
    answer = join(dir, 'out', 'trail.html');
    const result = await invoke({ monitorId, period: { days: 3 } });
    const overview = await core.router.invoke('visibility.overview', {
      scope: { kind: 'monitor', id: monitorId },
      period: { days: 3 },
    });
    const answers = overview.ok ? (overview.value as { answers: number }).answers : -1;
    expect(answers).toBe(demoDaysInPeriod(3, 3) * 72);
    const today = new Date().toISOString().slice(0, 10);
    expect(asked.at(-1)).toEqual({
      title: 'Save client report',
      defaultName: `demo-trail-and-race-${today}.html`,
      extensions: ['html'],
    });
    expect(result).toMatchObject({
      ok: true,
      value: { path: answer, format: 'html', monitorName: 'Demo · Trail and race', to: today, answers },
    });
    const html = readFileSync(answer, 'utf8');
    expect(result.ok && (result.value as { bytes: number }).bytes).toBe(Buffer.byteLength(html));
    // No branding set: the focus brand's name and the default subject, not the monitor's name.
    expect(parseReportHtml(html).querySelector('h1')?.textContent).toBe('Veloxa · Visibility in AI answers');
    expect(existsSync(`${answer}.partial`)).toBe(false);
  });

  it('names the engines as the service profile in use does (the live profile: ChatGPT)', async () => {
    answer = join(dir, 'labelled.html');
    settings.update({ serviceProfileBuiltin: 'live' });
    try {
      expect(await invoke({ monitorId, period: { days: 3 } })).toMatchObject({ ok: true });
    } finally {
      settings.update({ serviceProfileBuiltin: null });
    }
    const doc = parseReportHtml(readFileSync(answer, 'utf8'));
    const headers = Array.from(doc.querySelectorAll('th')).map((th) => th.textContent ?? '');
    expect(headers).toContain('ChatGPT');
    expect(headers).not.toContain('Assistant A');
    // Without a profile, the spec's neutral label.
    answer = join(dir, 'neutral.html');
    expect(await invoke({ monitorId, period: { days: 3 } })).toMatchObject({ ok: true });
    const neutral = parseReportHtml(readFileSync(answer, 'utf8'));
    expect(Array.from(neutral.querySelectorAll('th')).map((th) => th.textContent)).toContain('Assistant A');
  });

  it('writes XLSX when asked, with the focus brand chosen', async () => {
    answer = join(dir, 'trail.xlsx');
    const fleetfoot = core.store.listBrands().find((b) => b.name === 'Fleetfoot')?.id ?? '';
    const result = await invoke({ monitorId, period: { days: 2 }, format: 'xlsx', brandId: fleetfoot });
    expect(result).toMatchObject({ ok: true, value: { format: 'xlsx', path: answer } });
    expect(asked.at(-1)?.extensions).toEqual(['xlsx']);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(answer);
    const info = wb.getWorksheet('Summary');
    const focusRow = [...Array(info?.rowCount ?? 0).keys()]
      .map((i) => info?.getRow(i + 1).values as unknown[])
      .find((v) => v[1] === 'Focus brand');
    expect(focusRow?.[2]).toBe('Fleetfoot');
  });

  it('writes nothing when the dialog is canceled; refuses bad input and an unknown monitor', async () => {
    answer = null;
    const before = asked.length;
    expect(await invoke({ monitorId })).toMatchObject({ ok: true, value: { path: null, bytes: 0 } });
    expect(asked).toHaveLength(before + 1);
    expect(asked.at(-1)?.defaultName).toMatch(/^demo-trail-and-race-\d{4}-\d\d-\d\d\.html$/);

    answer = join(dir, 'never.html');
    expect(await invoke({ monitorId, format: 'docx' })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_ERROR' },
    });
    // A PDF needs the shell's printer (a hidden window); a core without one says so, writing nothing.
    expect(await invoke({ monitorId, format: 'pdf' })).toMatchObject({
      ok: false,
      error: { code: 'PDF_UNAVAILABLE' },
    });
    expect(await invoke({ monitorId, period: { days: 0 } })).toMatchObject({ ok: false });
    expect(await invoke({ monitorId, extra: 1 })).toMatchObject({ ok: false });
    expect(await invoke({ monitorId: 'nope' })).toMatchObject({
      ok: false,
      error: { message: 'No monitor nope' },
    });
    expect(existsSync(answer)).toBe(false);
    expect(asked).toHaveLength(before + 1);
  });

  it("after a monitor run in the app, the report lands in the monitor's folder and a notice names it", async () => {
    const folder = join(dir, 'after run');
    core.store.saveMonitorOptions(monitorId, {
      rules: defaultAlertRules(),
      webhookUrl: null,
      reportDir: folder,
      reportDays: 2,
    });
    const notices: Array<EventPayload<'app.notice'>> = [];
    const off = core.events.subscribe((event, payload) => {
      if (event === 'app.notice') notices.push(payload as EventPayload<'app.notice'>);
    });
    try {
      const started = await core.router.invoke('monitors.runNow', { id: monitorId });
      expect(started.ok).toBe(true);
      const today = new Date().toISOString().slice(0, 10);
      const html = join(folder, `demo-trail-and-race-${today}.html`);
      await vi.waitFor(
        () =>
          expect(notices.map((n) => n.message)).toContain(
            `Client report for Demo · Trail and race (last 2 days) written to ${html} and ${join(folder, `demo-trail-and-race-${today}.xlsx`)}`,
          ),
        { timeout: 90_000, interval: 200 },
      );
      const doc = parseReportHtml(readFileSync(html, 'utf8'));
      expect(doc.querySelector('h1')?.textContent).toBe('Veloxa · Visibility in AI answers');
      // The run just made is in it: the demo's days among the last two (72 answers each) and
      // this run's answers (the jobs the sandbox's engines answered).
      const run = core.store.getRun((started as { value: { runId: string } }).value.runId);
      expect(run?.status).toBe('completed');
      expect(run?.counts.succeeded).toBeGreaterThan(0);
      expect(doc.querySelector('[data-kpi="mentionRate"]')?.getAttribute('data-n')).toBe(
        String(demoDaysInPeriod(3, 2) * 72 + (run?.counts.succeeded ?? 0)),
      );
      expect(notices.every((n) => n.level === 'info')).toBe(true);
    } finally {
      off();
    }
  }, 120_000);
});
