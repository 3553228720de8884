import ExcelJS from 'exceljs';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlertService } from '../../../src/main/alerts';
import { buildDemoHistory, DEMO_ENGINES } from '../../../src/main/demo';
import { AppError } from '../../../src/main/errors/app-error';
import {
  buildReportHtml,
  collectReport,
  REPORT_ALERTS,
  REPORT_ALERTS_SHOWN,
  REPORT_CSP,
  writeReport,
  type ClientReport,
} from '../../../src/main/reports';
import { openHistory, type HistoryStore } from '../../../src/main/store';
import { createVisibilityService, type VisibilityService } from '../../../src/main/visibility';
import { runSpecSchema } from '../../../src/shared/domain/run-spec';
import type { NormalizedResult } from '../../../src/shared/domain/result';
import { allElements, parseReportHtml, type ReportDocument } from '../../support/report-html';

// A client report read back: built over a real 10-day demo history (through the real run
// engine and the sandbox), with real alerts from the alert service and one hostile answer
// injected into the monitor. The HTML is parsed with jsdom and the XLSX read with exceljs; every
// number is compared with the visibility service's for the same monitor and period.

const NOW = Date.UTC(2026, 2, 10, 12, 0, 0);
const TODAY = '2026-03-10';
const MONITOR = 'Demo · Buying guides';
const PERIOD = { days: 7 };
const HOSTILE_TEXT =
  'Fleetfoot is the pick <img src=x onerror="alert(1)"> and <script>alert(2)</script> <a href="javascript:alert(6)">deal</a>';
const HOSTILE_PROMPT = '<i onclick="alert(5)">best</i> running shoes';
const SHOP_URL = 'https://shop.example/?q="><script>alert(7)</script>';

let dir = '';
let store: HistoryStore;
let service: VisibilityService;
let monitorId = '';
let report: ClientReport;
let html = '';
let doc: ReportDocument;

const query = () => ({ scope: { kind: 'monitor' as const, id: monitorId }, period: PERIOD });

function hostile(): NormalizedResult {
  return {
    engine: 'assistant-a',
    text: HOSTILE_TEXT,
    markdown: null,
    htmlUrls: [],
    model: null,
    searchQueries: [],
    sources: [
      {
        position: 1,
        kind: 'cited',
        url: 'javascript:alert(3)',
        domain: 'evil.example',
        title: '<b onmouseover="alert(4)">click</b>',
        snippet: null,
        redirectLink: null,
        datePublished: null,
      },
      {
        position: 2,
        kind: 'cited',
        url: SHOP_URL,
        domain: 'shop.example',
        title: 'Shop & "compare"',
        snippet: null,
        redirectLink: null,
        datePublished: null,
      },
    ],
    entities: [],
    products: [],
    ads: [],
    peopleAlsoAsk: [],
    aiOverview: null,
    relatedSearches: [],
    shape: null,
  };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parallax-report-'));
  const path = join(dir, 'history.db');
  await buildDemoHistory({ openStore: (now) => openHistory({ path, now }), days: 10, now: () => NOW });
  store = openHistory({ path, now: () => NOW });
  service = createVisibilityService({ store, now: () => NOW });
  monitorId = store.listMonitors().find((m) => m.name === MONITOR)?.id ?? '';
  // Real alerts: each of the monitor's runs compared with the one before, oldest first.
  const alerts = createAlertService({ store, now: () => NOW });
  const runs = store.listRuns({ monitorId, limit: 100 }).runs.reverse();
  for (const r of runs) await alerts.checkRun(r.id);
  // The latest answer of the monitor: a competitor named, the focus brand not, engine text hostile.
  const { jobs } = store.createRun({
    spec: runSpecSchema.parse({ prompts: [HOSTILE_PROMPT], engines: ['assistant-a'], countries: ['US'] }),
    keyLabel: 'sandbox',
    baseUrl: 'http://127.0.0.1:1',
    sandbox: true,
    costEstimate: 1,
    monitorId,
  });
  store.ingestResults([
    {
      jobId: jobs[0]?.id ?? '',
      raw: {},
      normalized: hostile(),
      fetchedAt: NOW + 3_600_000,
      jobPatch: { jobState: 'succeeded' },
    },
  ]);
  report = collectReport({ store, visibility: service, now: () => NOW }, { monitorId, period: PERIOD });
  html = buildReportHtml(report);
  doc = parseReportHtml(html);
}, 180_000);

afterAll(() => {
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('client report contents', () => {
  it('has every section, the period, the monitor and the synthetic label', () => {
    for (const id of [
      'kpis',
      'trend',
      'heatmap',
      'leaderboard',
      'sources',
      'gaps',
      'own-pages',
      'alerts',
      'evidence',
    ])
      expect(doc.querySelector(`section#${id}`), id).not.toBeNull();
    expect(doc.querySelector('h1')?.textContent).toBe(`Client report: ${MONITOR}`);
    expect(doc.title).toContain(`2026-03-04 to ${TODAY}`);
    expect(doc.querySelector('.synthetic')?.textContent).toMatch(
      /synthetic answers from the Parallax sandbox/,
    );
    expect(report.period).toMatchObject({ from: '2026-03-04', to: TODAY, days: 7 });
  });

  it("gives the KPIs exactly as the visibility service does, with n, interval, change and 'not significant'", () => {
    const overview = service.overview(query());
    const kpis = overview.kpis;
    expect(kpis).not.toBeNull();
    if (!kpis) return;
    expect(report.answers).toBe(overview.answers);
    let notSignificant = 0;
    for (const key of ['mentionRate', 'citationRate', 'avgPosition', 'shareOfVoice'] as const) {
      const card = doc.querySelector(`[data-kpi="${key}"]`);
      expect(card, key).not.toBeNull();
      const stat = kpis[key];
      const change = kpis.change[key];
      expect(Number(card?.getAttribute('data-value'))).toBe(stat.value);
      expect(Number(card?.getAttribute('data-lower'))).toBe(stat.lower);
      expect(Number(card?.getAttribute('data-upper'))).toBe(stat.upper);
      expect(Number(card?.getAttribute('data-n'))).toBe(stat.n);
      expect(Number(card?.getAttribute('data-delta'))).toBe(change.delta);
      expect(card?.getAttribute('data-significant')).toBe(String(change.significant));
      const words = card?.querySelector('.kpi-change')?.textContent ?? '';
      expect(words.includes('not significant'), `${key}: ${words}`).toBe(!change.significant);
      if (!change.significant) notSignificant += 1;
      expect(card?.textContent).toContain(`n = ${stat.n.toLocaleString('en')}`);
      expect(card?.textContent).toContain('95 % interval');
    }
    // The demo's numbers move little in a week: at least one change is within the noise.
    expect(notSignificant).toBeGreaterThan(0);
    const mention = doc.querySelector('[data-kpi="mentionRate"] .kpi-value')?.textContent;
    expect(mention).toBe(`${((kpis.mentionRate.value ?? 0) * 100).toFixed(1)} %`);
  });

  it('draws the daily trend as inline SVG with interval bands, and the location × engine heatmap', () => {
    const figures = Array.from(doc.querySelectorAll('#trend figure'));
    expect(figures.map((f) => f.getAttribute('data-metric'))).toEqual([
      'mentionRate',
      'citationRate',
      'shareOfVoice',
      'avgPosition',
    ]);
    for (const f of figures) expect(f.querySelector('svg')).not.toBeNull();
    expect(doc.querySelector('#trend figure[data-metric="mentionRate"] polygon.band')).not.toBeNull();
    const days = service
      .buckets({ ...query(), by: ['day'] })
      .rows.filter((r) => r.brandId === report.focus?.id);
    expect(doc.querySelectorAll('#trend figure[data-metric="mentionRate"] circle').length).toBe(days.length);

    const cells = service
      .buckets({ ...query(), by: ['location', 'engine'] })
      .rows.filter((r) => r.brandId === report.focus?.id);
    // Six locations (five countries and US-CA) by the demo's engines.
    expect(cells).toHaveLength(6 * DEMO_ENGINES.length);
    for (const c of cells) {
      const td = doc.querySelector(
        `#heatmap td[data-location="${c.bucket.location}"][data-engine="${c.bucket.engine}"]`,
      );
      expect(Number(td?.getAttribute('data-value'))).toBe(c.mentionRate.value);
    }
  });

  it('lists the leaderboard, top sources, citation gaps, own pages and the period’s alerts', () => {
    expect(doc.querySelectorAll('#leaderboard tbody tr').length).toBe(6);
    expect(doc.querySelector('#leaderboard tbody tr')?.textContent).toContain('Veloxa');
    const sources = service.sources({ ...query(), limit: 15 });
    const rows = Array.from(doc.querySelectorAll('#sources tbody tr'));
    expect(rows.map((r) => r.querySelector('td')?.textContent)).toEqual(sources.domains.map((d) => d.domain));
    const gaps = service.gaps({ ...query(), limit: 15 });
    expect(doc.querySelectorAll('#gaps tbody tr').length).toBe(gaps.gaps.length);
    expect(doc.querySelectorAll('#own-pages tbody tr').length).toBe(
      service.urls({ ...query(), limit: 15 }).urls.length,
    );
    const own = Array.from(doc.querySelectorAll('#own-pages a'));
    expect(own.length).toBeGreaterThan(0);
    for (const a of own) expect(a.getAttribute('href')).toMatch(/^https?:\/\/([a-z0-9-]+\.)*veloxa\./);

    const from = Date.parse('2026-03-04T00:00:00Z');
    const stored = store.listAlerts({ monitorId, since: from, until: from + 7 * 86_400_000 });
    expect(report.alertsTotal).toBe(stored.total);
    expect(stored.total).toBeGreaterThan(0);
    // Whole-monitor (pooled) changes first, then the newest per cell; counts per kind add up.
    expect(doc.querySelectorAll('#alerts tbody tr').length).toBe(Math.min(stored.total, REPORT_ALERTS_SHOWN));
    const first = stored.alerts.find((a) => a.scope === 'monitor') ?? stored.alerts[0];
    expect(doc.querySelector('#alerts tbody tr')?.textContent).toContain(first?.summary ?? '?');
    const perKind = Array.from(doc.querySelectorAll('#alerts .kinds .tag')).map((t) =>
      Number(/: ([\d,]+)$/.exec(t.textContent ?? '')?.[1]?.replace(/,/g, '')),
    );
    expect(perKind.reduce((a, b) => a + b, 0)).toBe(stored.total);
  });

  it('shows the answers behind the findings, the hostile one as inert, escaped text', () => {
    const missing = doc.querySelector('#evidence .evidence[data-kind="missing"]');
    const first = missing?.querySelector('article.answer');
    expect(first?.querySelector('.prompt')?.textContent).toBe(HOSTILE_PROMPT);
    expect(first?.querySelector('blockquote')?.textContent).toBe(HOSTILE_TEXT);
    expect(first?.textContent).toContain('Names: Fleetfoot');
    // The javascript: source is text, the https one a plain link with its URL escaped whole.
    const links = Array.from(first?.querySelectorAll('a') ?? []);
    expect(links.map((a) => a.getAttribute('href'))).toEqual([new URL(SHOP_URL).href]);
    expect(first?.textContent).toContain('<b onmouseover="alert(4)">click</b>');
    const gapGroups = doc.querySelectorAll('#evidence .evidence[data-kind="gap-domain"]');
    expect(gapGroups.length).toBeGreaterThan(0);
    // Each finding's total is the drill-down's over the whole period (the answers the view opens).
    expect(report.evidence.map((e) => e.kind)).toEqual(['missing', 'gap-domain', 'gap-domain', 'gap-domain']);
    for (const e of report.evidence) {
      const drill = { gapFor: report.focus?.id ?? '', ...(e.domain ? { domain: e.domain } : {}) };
      expect(e.total, e.title).toBe(service.results({ ...query(), drill, limit: 1 }).total);
      expect(e.answers.length).toBe(4);
    }
  });

  it('runs no script and loads nothing: no script, no on* attribute, no src, links only http(s) anchors, a strict CSP', () => {
    expect(
      doc.querySelectorAll('script, iframe, object, embed, img, link, base, form, video, audio, source')
        .length,
    ).toBe(0);
    for (const el of allElements(doc)) {
      for (const attr of Array.from(el.attributes)) {
        expect(attr.name.startsWith('on'), `${el.tagName} ${attr.name}`).toBe(false);
        expect(['src', 'srcset', 'action', 'formaction', 'background', 'poster'].includes(attr.name)).toBe(
          false,
        );
        if (attr.name === 'href') {
          expect(el.tagName).toBe('A');
          expect(attr.value).toMatch(/^https?:\/\//);
        }
        if (attr.name === 'style') expect(attr.value).not.toMatch(/url\(/i);
      }
    }
    expect(doc.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content')).toBe(
      REPORT_CSP,
    );
    expect(REPORT_CSP).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:");
    const css = doc.querySelector('style')?.textContent ?? '';
    expect(css).not.toMatch(/url\(|@import/i);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
  });

  it('says so when the period has no answers, and refuses an unknown monitor', () => {
    const empty = collectReport(
      { store, visibility: service, now: () => NOW },
      { monitorId, period: { from: '2020-01-01', to: '2020-01-31' } },
    );
    expect(empty.answers).toBe(0);
    const page = parseReportHtml(buildReportHtml(empty));
    expect(page.querySelector('#empty')?.textContent).toBe('No answers in this period.');
    expect(page.querySelector('#kpis')).toBeNull();
    expect(() =>
      collectReport({ store, visibility: service, now: () => NOW }, { monitorId: 'nope', period: PERIOD }),
    ).toThrow(AppError);
  });
});

describe('client report as XLSX', () => {
  it('has one sheet per section, numbers equal to the service’s, engine text as plain strings', async () => {
    const path = join(dir, 'report.xlsx');
    const written = await writeReport(
      { store, visibility: service, now: () => NOW },
      { monitorId, period: PERIOD },
      path,
      'xlsx',
    );
    expect(written.bytes).toBe(readFileSync(path).length);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(path);
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      'Summary',
      'Trend',
      'Heatmap',
      'Leaderboard',
      'Sources',
      'Citation gaps',
      'Own pages',
      'Alerts',
      'Answers',
    ]);
    const kpis = service.overview(query()).kpis;
    const summary = wb.getWorksheet('Summary');
    const row = (n: number) => summary?.getRow(n).values as unknown[];
    expect(row(2).slice(1, 6)).toEqual([
      'Mention rate',
      kpis?.mentionRate.value,
      kpis?.mentionRate.lower,
      kpis?.mentionRate.upper,
      kpis?.mentionRate.n,
    ]);
    expect(row(2)[8]).toBe(kpis?.change.mentionRate.significant ? 'yes' : 'no');
    expect(row(4).slice(1, 3)).toEqual(['Average first position', kpis?.avgPosition.value]);
    expect(wb.getWorksheet('Trend')?.rowCount).toBe(1 + 7);
    expect(wb.getWorksheet('Heatmap')?.rowCount).toBe(1 + 6 * DEMO_ENGINES.length);
    expect(wb.getWorksheet('Leaderboard')?.rowCount).toBe(1 + 6);
    expect(wb.getWorksheet('Alerts')?.rowCount).toBe(1 + Math.min(REPORT_ALERTS, written.report.alertsTotal));
    const answers = wb.getWorksheet('Answers');
    const hostileRow = answers?.getRow(2);
    expect(hostileRow?.getCell(5).value).toBe(HOSTILE_PROMPT);
    expect(hostileRow?.getCell(6).value).toBe(HOSTILE_TEXT);
    expect(hostileRow?.getCell(6).type).toBe(ExcelJS.ValueType.String);
  });
});
