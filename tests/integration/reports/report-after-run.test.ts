import ExcelJS from 'exceljs';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAfterRunPipeline, createAlertService, type AfterRunPipeline } from '../../../src/core/alerts';
import { createEventBus } from '../../../src/core/platform/events/event-bus';
import { createReportStep } from '../../../src/core/outputs/reports';
import { openHistory, type HistoryStore } from '../../../src/core/history';
import { defaultAlertRules } from '../../../src/shared/alerts/rules';
import { labelsOfProfile } from '../../../src/shared/narrative/places';
import type { EventPayload } from '../../../src/shared/ipc/contract';
import { demoHistoryCopy } from '../../support/demo-history';
import { parseReportHtml } from '../../support/report-html';

// The report step of the after-run pipeline, on a real 8-day demo history: the pipeline compares
// each monitor run with the one before and then runs the step, which writes
// `<dir>/<monitor-slug>-<YYYY-MM-DD>.html` and `.xlsx` for the monitor's report_days into its
// report folder. A folder that cannot be written is a step error and a notice, never a failed
// check; a monitor without a folder gets nothing written.

// The client report's demo (report.test.ts), built once for both files.
const NOW = Date.UTC(2026, 2, 10, 12, 0, 0);
const TODAY = '2026-03-10';

let dir = '';
let store: HistoryStore;
let pipeline: AfterRunPipeline;
const notices: Array<EventPayload<'app.notice'>> = [];

const monitorNamed = (name: string): string => store.listMonitors().find((m) => m.name === name)?.id ?? '';
/** The monitor's runs, oldest first. */
const runsOf = (monitorId: string): string[] =>
  store
    .listRuns({ monitorId, limit: 100 })
    .runs.map((r) => r.id)
    .reverse();

function setReportFolder(monitorId: string, reportDir: string | null, reportDays: number | null): void {
  store.saveMonitorOptions(monitorId, {
    rules: defaultAlertRules(),
    webhookUrl: null,
    reportDir,
    reportDays,
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parallax-report-step-'));
  const path = await demoHistoryCopy({ days: 8, alerts: 'unchecked', at: NOW, to: join(dir, 'history.db') });
  store = openHistory({ path, now: () => NOW });
  const events = createEventBus();
  events.subscribe((event, payload) => {
    if (event === 'app.notice') notices.push(payload as EventPayload<'app.notice'>);
  });
  pipeline = createAfterRunPipeline({
    store,
    alerts: createAlertService({ store, now: () => NOW }),
    events,
    steps: [createReportStep({ events })],
    now: () => NOW,
  });
}, 120_000);

afterAll(() => {
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('report step after a monitor run', () => {
  it("writes the monitor's report for its last report_days into its folder, after the alert check", async () => {
    const monitorId = monitorNamed('Demo · Buying guides');
    const folder = join(dir, 'reports', 'client a');
    setReportFolder(monitorId, folder, 3);
    const runs = runsOf(monitorId);
    expect(runs).toHaveLength(8);
    // Earlier runs go through the pipeline first, as they did day by day.
    for (const runId of runs.slice(0, -1)) await pipeline.afterRun(runId);
    const last = await pipeline.afterRun(runs.at(-1) ?? '');
    expect(last).not.toBeNull();
    const html = join(folder, `demo-buying-guides-${TODAY}.html`);
    const xlsx = join(folder, `demo-buying-guides-${TODAY}.xlsx`);
    expect(last?.steps).toEqual([
      {
        name: 'report',
        message: `Client report for Demo · Buying guides (last 3 days) written to ${html} and ${xlsx}`,
        error: null,
      },
    ]);
    expect(readdirSync(folder).sort()).toEqual([
      `demo-buying-guides-${TODAY}.html`,
      `demo-buying-guides-${TODAY}.xlsx`,
    ]);
    expect(notices.at(-1)).toEqual({ level: 'info', message: last?.steps[0]?.message });

    const doc = parseReportHtml(readFileSync(html, 'utf8'));
    expect(doc.title).toContain('8 March 2026 to 10 March 2026');
    // The run's own alerts are in it: the step runs after they are stored.
    const since = Date.parse('2026-03-08T00:00:00Z');
    const total = store.listAlerts({ monitorId, since, until: since + 3 * 86_400_000 }).total;
    expect(total).toBeGreaterThanOrEqual(last?.alerts.length ?? 0);
    expect(doc.querySelector('#alerts .note')?.textContent).toMatch(
      new RegExp(`^${total} changes? noticed in the period`),
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(xlsx);
    expect(wb.getWorksheet('Trend')?.rowCount).toBe(1 + 3);
  }, 60_000);

  it('a folder that cannot be written is a step error and a warning; the alerts are stored all the same', async () => {
    const monitorId = monitorNamed('Demo · Trail and race');
    const blocker = join(dir, 'not-a-folder');
    writeFileSync(blocker, 'a file where the folder should be');
    setReportFolder(monitorId, join(blocker, 'reports'), null);
    const runs = runsOf(monitorId);
    for (const runId of runs.slice(0, -1)) await pipeline.afterRun(runId);
    const before = notices.length;
    const last = await pipeline.afterRun(runs.at(-1) ?? '');
    expect(last).not.toBeNull();
    expect(store.getAlertCheck(runs.at(-1) ?? '')).not.toBeNull();
    expect(last?.steps).toHaveLength(1);
    expect(last?.steps[0]?.message).toBeNull();
    expect(last?.steps[0]?.error).toMatch(/ENOTDIR|EEXIST|not a directory/i);
    const warnings = notices.slice(before).filter((n) => n.level === 'warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toMatch(
      /^Client report for Demo · Trail and race not written to .*not-a-folder/,
    );
    expect(existsSync(join(blocker, 'reports'))).toBe(false);
  }, 60_000);

  it('writes nothing for a monitor without a report folder', async () => {
    const monitorId = monitorNamed('Demo · Specific needs');
    const runs = runsOf(monitorId);
    const before = notices.length;
    const last = await pipeline.afterRun(runs.at(-1) ?? '');
    expect(last?.steps).toEqual([{ name: 'report', message: null, error: null }]);
    expect(notices.slice(before)).toEqual([]);
    const everything = readdirSync(dir, { recursive: true }).map(String);
    expect(everything.filter((f) => f.includes('demo-specific-needs'))).toEqual([]);
  }, 60_000);

  it("names the engines as the profile in use does (the live profile's ChatGPT), in tables and findings", async () => {
    const live = JSON.parse(readFileSync(join('resources', 'profiles', 'live.json'), 'utf8')) as {
      engines: Record<string, { label: string }>;
    };
    const labelled = createAfterRunPipeline({
      store,
      alerts: createAlertService({ store, now: () => NOW }),
      steps: [createReportStep({ labels: () => labelsOfProfile(live), activeJudge: () => 'builtin' })],
      now: () => NOW,
    });
    // The only run not compared yet: the monitor's one before last (the test above took the last).
    const monitorId = monitorNamed('Demo · Specific needs');
    const folder = join(dir, 'reports', 'labelled');
    setReportFolder(monitorId, folder, 6);
    const last = await labelled.afterRun(runsOf(monitorId).at(-2) ?? '');
    expect(last?.steps[0]?.error).toBeNull();
    const text = readFileSync(join(folder, `demo-specific-needs-${TODAY}.html`), 'utf8');
    const doc = parseReportHtml(text);
    const headers = Array.from(doc.querySelectorAll('th')).map((th) => th.textContent ?? '');
    expect(headers).toContain('ChatGPT');
    expect(doc.querySelector('body')?.textContent ?? '').not.toMatch(/Assistant [AB]\b/);
  }, 60_000);
});
