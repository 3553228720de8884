import ExcelJS from 'exceljs';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlertService } from '../../../src/core/alerts';
import { DEMO_ENGINES } from '../../../src/core/demo';
import { AppError } from '../../../src/core/platform/errors/app-error';
import {
  buildReportHtml,
  collectReport,
  MAX_FINDINGS,
  REPORT_ALERTS,
  REPORT_CSP,
  REPORT_DIGESTS,
  writeReport,
  type ClientReport,
  type Finding,
} from '../../../src/core/outputs/reports';
import { openHistory, type HistoryStore } from '../../../src/core/history';
import { createPositioningService, reportPositioning } from '../../../src/core/positioning';
import { BRAND_PALETTE } from '../../../src/shared/visibility/brand-colors';
import { positioningChannels } from '../../../src/shared/ipc/channels/positioning';
import { createVisibilityService, type VisibilityService } from '../../../src/core/analysis/visibility';
import { runSpecSchema } from '../../../src/shared/domain/run-spec';
import { SITE_KIND_LABELS } from '../../../src/shared/visibility/site-kinds';
import { logoDataUri } from '../../../src/core/outputs/reports/logo';
import { trendSection } from '../../../src/core/outputs/reports/html-trends';
import { daysAreThin } from '../../../src/core/outputs/reports/series';
import { FACTS_GLOSSARY, internalTermsIn, REPORT_GLOSSARY } from '../../../src/shared/narrative/terms';
import { demoHistoryCopy } from '../../support/demo-history';
import { allElements, parseReportHtml, type ReportDocument } from '../../support/report-html';
import { HOSTILE_PROMPT, HOSTILE_TEXT, hostile, SHOP_URL } from './hostile-answer';

// A client report read back: built over a real 8-day demo history (through the real run
// engine and the sandbox), with real alerts from the alert service and one hostile answer
// injected into the monitor. The HTML is parsed with jsdom and the XLSX read with exceljs; every
// number is compared with the visibility service's for the same monitor and period.

const NOW = Date.UTC(2026, 2, 10, 12, 0, 0);
const TODAY = '2026-03-10';
const MONITOR = 'Demo · Buying guides';
const PERIOD = { days: 7 };

let dir = '';
let store: HistoryStore;
let service: VisibilityService;
let monitorId = '';
let report: ClientReport;
let html = '';
let doc: ReportDocument;

const RANK: Record<string, number> = { high: 0, medium: 1, low: 2 };

const query = () => ({ scope: { kind: 'monitor' as const, id: monitorId }, period: PERIOD });
const positioning = () => createPositioningService({ store, now: () => NOW, activeJudge: () => 'builtin' });
const positioningSource = () => reportPositioning(positioning());

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parallax-report-'));
  // 8 days: the report's 7 (4 to 10 March), each run compared with one the day before, and a day
  // in the 7 before them (it built 10: 480 answers more through the run engine). A copy of the
  // demo built at NOW once for this file and the report step's (report-after-run.test.ts).
  const path = await demoHistoryCopy({ days: 8, alerts: 'unchecked', at: NOW, to: join(dir, 'history.db') });
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
  // The hostile question is one of the monitor's tracked questions too.
  const monitor = store.getMonitor(monitorId);
  if (monitor)
    store.saveMonitor({
      ...monitor,
      spec: { ...monitor.spec, prompts: [...monitor.spec.prompts, HOSTILE_PROMPT] },
    });
  report = collectReport(
    { store, visibility: service, now: () => NOW, positioning: positioningSource() },
    { monitorId, period: PERIOD },
  );
  html = buildReportHtml(report);
  doc = parseReportHtml(html);
}, 180_000);

afterAll(() => {
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('client report contents', () => {
  it('has every section, the period, the monitor and the synthetic label', () => {
    const ids =
      'summary kpis positioning trend share-of-voice heatmap leaderboard sources gaps own-pages alerts evidence questions method glossary';
    for (const id of ids.split(' ')) expect(doc.querySelector(`section#${id}`), id).not.toBeNull();
    // No branding set: the focus brand is the client and the subject the default; never the
    // internal monitor name.
    expect(doc.querySelector('h1')?.textContent).toBe('Veloxa · Visibility in AI answers');
    expect(doc.querySelector('.client')?.textContent).toBe('Veloxa');
    expect(doc.querySelector('body')?.textContent).not.toContain(MONITOR);
    expect(doc.title).toContain('4 March 2026 to 10 March 2026');
    expect(doc.querySelector('.report-head .meta')?.textContent).toMatch(
      /^4 March 2026 to 10 March 2026 \(7 days\) · [\d,]+ answers to \d+ tracked questions · .*Assistant A.* · .*Germany/,
    );
    expect(doc.querySelector('.synthetic')?.textContent).toMatch(
      /synthetic answers from the Parallax sandbox/,
    );
    expect(report.period).toMatchObject({ from: '2026-03-04', to: TODAY, days: 7 });
  });

  it("gives the KPIs exactly as the visibility service does, with answers, likely range, change and 'no clear change'", () => {
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
      expect(words.includes('no clear change'), `${key}: ${words}`).toBe(!change.significant);
      if (!change.significant) notSignificant += 1;
      expect(card?.textContent).toContain(
        `${stat.n.toLocaleString('en')} ${key === 'shareOfVoice' ? 'brand mentions' : 'answers'}`,
      );
      expect(card?.textContent).toContain('likely ');
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
    // The focus brand's points in its colour (the app's first), one a day with answers.
    expect(
      doc.querySelectorAll(`#trend figure[data-metric="mentionRate"] circle[fill="${BRAND_PALETTE[0]}"]`)
        .length,
    ).toBe(days.length);

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

  it('folds thin days into weekly points: sums of the days, keyed by Monday, drawn one a week', () => {
    const byDay = service.buckets({ ...query(), by: ['day'] });
    const byWeek = service.buckets({ ...query(), by: ['day'], grain: 'week' });
    // The demo's days hold enough answers to read one by one: the report keeps daily points.
    expect(daysAreThin(byDay)).toBe(false);
    expect(report.trendByWeek).toBeUndefined();
    const focus = report.focus?.id ?? '';
    const monday = (day: string): string => {
      const at = Date.parse(`${day}T00:00:00Z`);
      return new Date(at - ((new Date(at).getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
    };
    const hand = new Map<string, { k: number; n: number }>();
    for (const r of byDay.rows.filter((r) => r.brandId === focus)) {
      const week = monday(r.bucket.day ?? '');
      const sum = hand.get(week) ?? { k: 0, n: 0 };
      hand.set(week, { k: sum.k + r.mentionRate.k, n: sum.n + r.mentionRate.n });
    }
    const weeks = byWeek.rows.filter((r) => r.brandId === focus);
    expect(weeks.map((r) => r.bucket.day)).toEqual([...hand.keys()].sort());
    for (const w of weeks)
      expect({ k: w.mentionRate.k, n: w.mentionRate.n }).toEqual(hand.get(w.bucket.day ?? ''));
    // A report whose days are thin draws one point a week and says so.
    const weekly = parseReportHtml(trendSection({ ...report, trendByWeek: byWeek }));
    expect(weekly.querySelector('h2')?.textContent).toMatch(/Trend per week/);
    expect(
      weekly.querySelectorAll(`figure[data-metric="mentionRate"] circle[fill="${BRAND_PALETTE[0]}"]`).length,
    ).toBe(weeks.length);
    expect(weekly.querySelector('p.note')?.textContent).toMatch(/One point a week/);
    const thin = { ...byDay, rows: byDay.rows.map((r) => ({ ...r, answers: 12 })) };
    expect(daysAreThin(thin)).toBe(true);
  });

  it('says what the engines get wrong about the brands’ facts, the focus brand first, with range and n', () => {
    // The demo sets each brand's sheet; its branded prompt's answers state facts, some wrong.
    const veloxa = report.facts?.brands.find((b) => b.brand === 'Veloxa');
    expect(veloxa?.discrepancyRate.n).toBeGreaterThan(0);
    const rows = Array.from(
      doc.querySelectorAll('#facts table[aria-label="Answers contradicting each brand’s facts"] tbody tr'),
    );
    expect(rows[0]?.textContent).toMatch(/^Veloxa/);
    const pct = ((veloxa?.discrepancyRate.value ?? 0) * 100).toFixed(1);
    expect(rows[0]?.textContent).toContain(`${pct} %`);
    expect(rows[0]?.textContent).toContain(`${veloxa?.discrepancyRate.n} answer`);
    expect(doc.querySelector('#glossary')?.textContent).toMatch(/Answers contradicting a fact/);
  });

  it('lists the leaderboard, top sources, citation gaps, own pages and the period’s alerts', () => {
    expect(doc.querySelectorAll('#leaderboard tbody tr').length).toBe(6);
    expect(doc.querySelector('#leaderboard tbody tr')?.textContent).toContain('Veloxa');
    const sources = service.sources({ ...query(), limit: 15 });
    const rows = Array.from(doc.querySelectorAll('#sources tbody tr'));
    expect(rows.map((r) => r.querySelector('td')?.textContent)).toEqual(sources.domains.map((d) => d.domain));
    // The gaps as the service lists them (one definition): real gaps only, competitors' own
    // sites apart, and the report's tables show exactly those lists.
    const gaps = service.gaps({ ...query(), limit: 15 });
    expect(report.gaps?.gaps).toEqual(gaps.gaps);
    expect(report.gaps?.competitorSites).toEqual(gaps.competitorSites);
    expect(gaps.gaps.length).toBeGreaterThan(0);
    for (const g of gaps.gaps) {
      expect(g.focusCitedElsewhere).toBe(false);
      expect(g.gapAnswers.k).toBeGreaterThanOrEqual(gaps.minAnswers);
      expect(['own', 'competitor']).not.toContain(g.siteKind);
    }
    for (const g of gaps.competitorSites) expect(g.siteKind).toBe('competitor');
    const cells = (label: string) =>
      Array.from(doc.querySelectorAll(`#gaps table[aria-label="${label}"] tbody tr`)).map(
        (r) => r.querySelector('td')?.textContent,
      );
    expect(cells('Citation gaps')).toEqual(gaps.gaps.map((g) => g.domain));
    expect(cells('Competitors’ own sites')).toEqual(gaps.competitorSites.map((g) => g.domain));
    // Shares by kind of site: every kind cited, with its share of the citations.
    const kinds = Array.from(doc.querySelectorAll('#source-kinds tbody tr')).map(
      (r) => r.querySelector('td')?.textContent,
    );
    expect(kinds).toEqual(
      sources.byKind
        .filter((k) => k.share.k > 0 || k.previousShare.k > 0)
        .map((k) => SITE_KIND_LABELS[k.kind]),
    );
    expect(kinds).toContain('Own site');
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
    // One digest per run, newest first, each change a sentence, your brand's first; counts per
    // kind add up.
    const digests = store.listAlertDigests({
      monitorId,
      since: from,
      until: from + 7 * 86_400_000,
      limit: 50,
    });
    const blocks = Array.from(doc.querySelectorAll('#alerts .digest'));
    expect(blocks.length).toBe(Math.min(digests.total, REPORT_DIGESTS));
    expect(blocks.map((b) => b.getAttribute('data-run'))).toEqual(
      digests.digests.slice(0, REPORT_DIGESTS).map((d) => d.runId),
    );
    const latest = digests.digests[0]!;
    expect(blocks[0]?.querySelector('h3')?.textContent).toContain(
      `${latest.total} change${latest.total === 1 ? '' : 's'}`,
    );
    const items = Array.from(blocks[0]?.querySelectorAll('li') ?? []);
    const severities = items.map((li) => li.getAttribute('data-severity') ?? '');
    expect([...severities].sort((a, b) => RANK[a]! - RANK[b]!)).toEqual(severities);
    for (const li of items) expect(latest.alerts.map((a) => a.title)).toContain(li.textContent);
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
    expect(report.evidence[0]?.kind).toBe('missing');
    expect(report.evidence.slice(1).every((e) => e.kind === 'gap-domain')).toBe(true);
    const seen = new Set<string>();
    for (const e of report.evidence) {
      const drill = { gapFor: report.focus?.id ?? '', ...(e.domain ? { domain: e.domain } : {}) };
      expect(e.total, e.title).toBe(service.results({ ...query(), drill, limit: 1 }).total);
      expect(e.answers.length).toBeGreaterThan(0);
      expect(e.answers.length).toBeLessThanOrEqual(4);
      // Distinct answers: no two of one prompt, engine, place and day, no text twice, none shown twice.
      const keys = e.answers.map((a) => [a.prompt, a.engine, a.location, a.date].join('|'));
      expect(new Set(keys).size).toBe(keys.length);
      for (const a of e.answers) {
        expect(seen.has(a.resultId)).toBe(false);
        seen.add(a.resultId);
      }
      expect(new Set(e.answers.map((a) => a.excerpt)).size).toBe(e.answers.length);
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

describe('client report in a client’s words', () => {
  it('opens with a summary of the period’s findings in plain sentences, strongest first', () => {
    const summary = doc.querySelector('#summary');
    expect(summary?.querySelector('h2')?.textContent).toBe('Summary');
    const kpis = report.kpis!;
    // The lead sentence: the focus brand's mention rate over the period's answers.
    expect(summary?.querySelector('.lead')?.textContent).toMatch(
      new RegExp(
        `^Veloxa was named in ${Math.round((kpis.mentionRate.value ?? 0) * 100)} % of the [\\d,]+ answers`,
      ),
    );
    const items = Array.from(summary?.querySelectorAll('li.finding') ?? []);
    expect(items.length).toBe(report.findings.length);
    expect(items.length).toBeLessThanOrEqual(MAX_FINDINGS);
    expect(items.map((li) => li.textContent)).toEqual(report.findings.map((f) => f.text));
    const effects = items.map((li) => Number(li.getAttribute('data-effect')));
    expect([...effects].sort((a, b) => b - a)).toEqual(effects);
    // Each finding is one of the KPI changes the service calls significant, with its numbers.
    for (const f of report.findings) {
      expect(f.significant).toBe(true);
      expect(f.text).toMatch(/^[A-Z].*\d.*\.$/);
      expect(f.text.split(/\. /)).toHaveLength(1);
    }
    const significant = (['mentionRate', 'citationRate', 'shareOfVoice', 'avgPosition'] as const).filter(
      (k) => kpis.change[k].significant,
    );
    expect(report.findings.filter((f) => significant.includes(f.kind as never)).length).toBe(
      significant.length,
    );
    // KPIs with no clear change are named in one sentence below.
    const unclear = (['mentionRate', 'citationRate', 'avgPosition', 'shareOfVoice'] as const).filter(
      (k) => kpis.change[k].delta !== null && !kpis.change[k].significant,
    );
    if (unclear.length > 0)
      expect(summary?.querySelector('.steady')?.textContent).toMatch(/^No clear change in Veloxa’s /);
  });

  it('takes its findings from a FindingsSource when one is given (the findings engine)', () => {
    const given: Finding[] = [
      {
        kind: 'recommendation-lost',
        text: 'Veloxa is no longer recommended in Germany.',
        effect: 0.3,
        significant: true,
        resultIds: ['r1'],
        brandId: null,
      },
    ];
    const asked: unknown[] = [];
    const r = collectReport(
      {
        store,
        visibility: service,
        now: () => NOW,
        findings: (scope, period) => {
          asked.push({ scope, period });
          return given;
        },
      },
      { monitorId, period: PERIOD },
    );
    expect(asked).toEqual([{ scope: { kind: 'monitor', id: monitorId }, period: PERIOD }]);
    const page = parseReportHtml(buildReportHtml(r));
    expect(Array.from(page.querySelectorAll('#summary li.finding')).map((li) => li.textContent)).toEqual([
      'Veloxa is no longer recommended in Germany.',
    ]);
  });

  it('ends with “How to read this report”, a term and its meaning for every number shown', () => {
    const glossary = doc.querySelector('#glossary');
    expect(glossary?.querySelector('h2')?.textContent).toBe('How to read this report');
    const terms = Array.from(glossary?.querySelectorAll('dt') ?? []).map((d) => d.textContent);
    // The terms of every number shown: the demo's answers show facts, so theirs come last.
    expect(terms).toEqual([...REPORT_GLOSSARY, ...FACTS_GLOSSARY].map((g) => g.term));
    expect(terms).toEqual(
      expect.arrayContaining([
        'Mention rate',
        'Citation rate',
        'Average position',
        'Share of voice',
        'Likely range',
        'Clear change',
        'Citation gap',
      ]),
    );
    for (const dd of Array.from(glossary?.querySelectorAll('dd') ?? []))
      expect(dd.textContent?.length ?? 0).toBeGreaterThan(30);
    // The last section of the page.
    const sections = Array.from(doc.querySelectorAll('section'));
    expect(sections.at(-1)?.getAttribute('id')).toBe('glossary');
  });

  it('uses no internal term anywhere a client reads', () => {
    const text = doc.querySelector('body')?.textContent ?? '';
    expect(internalTermsIn(text)).toEqual([]);
    expect(internalTermsIn(doc.title)).toEqual([]);
    // Places by name, engines by label.
    expect(doc.querySelector('#heatmap tbody')?.textContent).toContain('Germany');
    expect(doc.querySelector('#heatmap thead')?.textContent).toContain('Assistant A');
  });

  it('carries the client’s name, subject, logo (sanitised) and accent colour set on the monitor', () => {
    const evil = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)"><script>alert(2)</script><rect width="10" height="10" fill="#0a7"/><a href="javascript:alert(3)"><circle r="2"/></a></svg>',
    );
    const logo = logoDataUri(evil);
    const before = store.getMonitorOptions(monitorId)!;
    store.saveMonitorOptions(monitorId, {
      rules: before.rules,
      webhookUrl: before.webhookUrl,
      reportDir: before.reportDir,
      reportDays: before.reportDays,
      branding: {
        clientName: 'Veloxa GmbH',
        reportSubject: 'Running shoes in AI answers',
        logo,
        accent: '#0a7',
      },
    });
    try {
      const branded = buildReportHtml(
        collectReport({ store, visibility: service, now: () => NOW }, { monitorId, period: PERIOD }),
      );
      const page = parseReportHtml(branded);
      expect(page.querySelector('h1')?.textContent).toBe('Veloxa GmbH · Running shoes in AI answers');
      expect(page.title).toMatch(/^Veloxa GmbH · Running shoes in AI answers · 4 March 2026/);
      const imgs = Array.from(page.querySelectorAll('img'));
      expect(imgs).toHaveLength(1);
      const src = imgs[0]?.getAttribute('src') ?? '';
      expect(src.startsWith('data:image/svg+xml;base64,')).toBe(true);
      const svg = Buffer.from(src.split(',')[1] ?? '', 'base64').toString('utf8');
      expect(svg).toContain('<rect');
      expect(svg).not.toMatch(/script|onload|javascript:/i);
      expect(page.querySelector('style')?.textContent).toContain(':root{--accent:#0a7}');
    } finally {
      store.saveMonitorOptions(monitorId, { ...before, branding: before.branding });
    }
  });
});

describe('client report: positioning, questions, method and charts', () => {
  it('shows each brand’s positioning as the positioning service gives it, with answers, range and the qualities the focus lacks', () => {
    const summary = positioning().summary(
      positioningChannels['positioning.summary'].input.parse({ ...query(), attributeLimit: 5 }),
    );
    expect(summary.kpis?.n).toBeGreaterThan(0);
    const rows = Array.from(
      doc.querySelectorAll('#positioning table[aria-label="Positioning of each brand"] tbody tr'),
    );
    expect(rows).toHaveLength(summary.leaderboard.length);
    // The focus brand first, as the service orders them; each rate with its range and answers.
    const first = rows[0];
    const k = summary.kpis;
    if (!first || !k) throw new Error('no positioning');
    expect(first.textContent).toContain('Veloxa');
    expect(first.textContent).toContain(`${((k.recommendationRate.value ?? 0) * 100).toFixed(1)} %`);
    expect(first.textContent).toContain(`${k.n.toLocaleString('en')} answers`);
    expect(first.textContent).toMatch(
      /top pick \d+ %, recommended \d+ %, named only \d+ %, with a caution \d+ %/,
    );
    expect(doc.querySelector('#positioning .lead')?.textContent).toMatch(
      /^Of the [\d,]+ answers naming Veloxa, \d+\.\d % recommend it or make it the top pick \(likely [\d.]+–[\d.]+ %\), and its net sentiment is [+−]?\d\.\d\d/,
    );
    // Read by the built-in judge: the note says how far its readings can be trusted.
    expect(doc.querySelector('#positioning .note')?.textContent).toMatch(
      /The automatic reading of the answers reads whether a brand is recommended .* for \d+ % \(\d+–\d+ %\) of the brands .* calls the brand “named only”/,
    );
    // A brand on fewer than 30 answers says so in words, and its change is never called clear.
    for (const m of summary.leaderboard.filter((x) => x.n > 0 && x.n < 30)) {
      const row = rows.find((r) => r.textContent?.includes(`${m.n} answers`));
      expect(row?.textContent).toContain('few answers');
    }
    expect(doc.querySelector('#positioning h3')?.textContent).toBe(
      'Qualities competitors are praised for that Veloxa lacks',
    );
    const gapTable = doc.querySelector('#positioning table[aria-label="Qualities Veloxa lacks"]');
    const lacking = positioningSource()({ ...query() }).attributeGaps?.gaps ?? [];
    if (lacking.length > 0) expect(gapTable?.querySelectorAll('tbody tr').length).toBe(lacking.length);
    else
      expect(doc.querySelector('#positioning')?.textContent).toContain(
        'No quality competitors are praised for',
      );
  });

  it('is left without a positioning section when no positioning source is given', () => {
    const r = collectReport({ store, visibility: service, now: () => NOW }, { monitorId, period: PERIOD });
    expect(r.positioning).toBeNull();
    expect(parseReportHtml(buildReportHtml(r)).querySelector('#positioning')).toBeNull();
  });

  it('lists the tracked questions word for word (the hostile one as text) and the method in words', () => {
    const prompts = store.getMonitor(monitorId)?.spec.prompts ?? [];
    const listed = Array.from(doc.querySelectorAll('#questions ol.questions li')).map((li) => li.textContent);
    expect(listed).toEqual([...new Set(prompts)]);
    expect(listed).toContain(HOSTILE_PROMPT);
    expect(doc.querySelector('#questions i, #questions [onclick]')).toBeNull();
    expect(html).toContain('&lt;i onclick=&quot;alert(5)&quot;&gt;best&lt;/i&gt; running shoes');
    // One group while prompts carry no topic.
    expect(report.questions).toEqual([{ topic: null, questions: [...new Set(prompts)] }]);

    const method = Array.from(doc.querySelectorAll('#method dl.method div')).map((d) => [
      d.querySelector('dt')?.textContent,
      d.querySelector('dd')?.textContent,
    ]);
    expect(method.map(([k]) => k)).toEqual(['AI engines', 'Places', 'Schedule', 'Period', 'Compared with']);
    const text = Object.fromEntries(method) as Record<string, string>;
    expect(text['AI engines']).toContain('Assistant A');
    expect(text['AI engines']).not.toContain('assistant-a');
    expect(text['Places']).toContain('Germany');
    expect(text['Places']).toContain('California (US)');
    expect(text['Schedule']).toMatch(/^Asked every day, \d+ times? a question in each place and engine$/);
    expect(text['Period']).toBe(
      `4 March 2026 to 10 March 2026 (7 days): ${report.answers.toLocaleString('en')} answers in ${report.runs} runs`,
    );
    expect(text['Compared with']).toMatch(/^25 February 2026 to 3 March 2026: [\d,]+ answers?$/);
  });

  it('says in words when a period holds too few answers, in the summary and the method', () => {
    // The earlier period of a 7-day report holds one demo day; a 1-day period one run.
    const thin = collectReport(
      { store, visibility: service, now: () => NOW },
      { monitorId, period: { from: '2026-03-03', to: '2026-03-03' } },
    );
    expect(thin.previousAnswers).toBeLessThan(30);
    const page = parseReportHtml(buildReportHtml(thin));
    for (const id of ['summary', 'method'])
      expect(page.querySelector(`#${id} .caveat`)?.textContent, id).toMatch(
        /^(The previous period holds|Both periods hold) fewer than 30 answers \([\d,]+ in this one, [\d,]+ in the previous one\): the figures rest on few answers, and no change against the previous period is called clear\.$/,
      );
    expect(doc.querySelector('#summary .caveat')).toBeNull();
  });

  it('draws the focus brand and its closest competitors in the trends, one colour per brand, and share of voice as bars', () => {
    const rivals = report.leaderboard
      .filter((m) => m.brandId !== report.focus?.id)
      .sort((a, b) => (b.mentionRate.value ?? 0) - (a.mentionRate.value ?? 0))
      .slice(0, 3);
    const legend = Array.from(
      doc.querySelectorAll('#trend figure[data-metric="mentionRate"] .legend li'),
    ).map((li) => li.textContent);
    const name = (id: string): string => report.brands.find((b) => b.id === id)?.name ?? id;
    expect(legend).toEqual(['Veloxa (your brand)', ...rivals.map((m) => name(m.brandId))]);
    const strokes = Array.from(
      doc.querySelectorAll('#trend figure[data-metric="mentionRate"] path.line'),
    ).map((p) => p.getAttribute('stroke'));
    expect(new Set(strokes).size).toBe(4);
    // The same brand has the same colour in every chart (and the focus brand the app's first).
    const swatch = (figure: string, i: number): string | null =>
      doc
        .querySelectorAll(`#trend figure[data-metric="${figure}"] .legend .swatch`)
        [i]?.getAttribute('style') ?? null;
    expect(swatch('mentionRate', 0)).toContain(BRAND_PALETTE[0]);
    for (let i = 0; i < 4; i++) expect(swatch('avgPosition', i)).toBe(swatch('mentionRate', i));

    const bars = Array.from(doc.querySelectorAll('#share-of-voice svg g.bar title')).map(
      (t) => t.textContent,
    );
    expect(bars).toHaveLength(report.leaderboard.length);
    const sov = [...report.leaderboard].sort(
      (a, b) => (b.shareOfVoice.value ?? 0) - (a.shareOfVoice.value ?? 0),
    )[0];
    expect(bars[0]).toMatch(new RegExp(`^${name(sov?.brandId ?? '')}: \\d+\\.\\d % \\(`));
  });

  it('leads the summary with the focus brand’s own clear changes, then the rest in the source’s order', () => {
    const finding = (text: string, brandId: string | null, significant = true): Finding => ({
      kind: 'mention-rate',
      text,
      effect: 0.2,
      significant,
      resultIds: [],
      brandId,
    });
    const focusId = report.focus?.id ?? '';
    const rival = report.leaderboard.find((m) => m.brandId !== focusId)?.brandId ?? '';
    const r = collectReport(
      {
        store,
        visibility: service,
        now: () => NOW,
        findings: () => [
          finding('A rival rose.', rival),
          finding('Veloxa moved a little (few answers).', focusId, false),
          finding('Veloxa fell.', focusId),
          finding('A site is cited more.', null),
        ],
      },
      { monitorId, period: PERIOD },
    );
    expect(r.findings.map((f) => f.text)).toEqual([
      'Veloxa fell.',
      'A rival rose.',
      'Veloxa moved a little (few answers).',
      'A site is cited more.',
    ]);
  });

  it('writes every date one way: “4 March 2026”, never an ISO date or a short month', () => {
    const visible = (doc.querySelector('body')?.textContent ?? '').replace(/https?:\/\/\S+/g, '');
    expect(visible).not.toMatch(/\b\d{4}-\d{2}-\d{2}\b/);
    expect(visible).not.toMatch(/\b(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}\b/);
    expect(visible).toMatch(
      /\b\d{1,2} (?:January|February|March|April|May|June|July|August|September|October|November|December) \d{4}\b/,
    );
  });
});

describe('client report as XLSX', () => {
  it('has one sheet per section, numbers equal to the service’s, engine text as plain strings', async () => {
    const path = join(dir, 'report.xlsx');
    const written = await writeReport(
      { store, visibility: service, now: () => NOW, positioning: positioningSource() },
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
      'Positioning',
      'Qualities lacked',
      'Questions',
      'Sources',
      'Sources by kind',
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
    expect(row(4).slice(1, 3)).toEqual(['Average position', kpis?.avgPosition.value]);
    // The summary's notes say how far the automatic positioning reading can be trusted, as the HTML does.
    const notes = new Map<string, unknown>();
    summary?.eachRow((r) => notes.set(String(r.getCell(1).value), r.getCell(2).value));
    expect(notes.get('Positioning')).toMatch(
      /^The automatic reading of the answers reads whether a brand is recommended .* “named only”.* of them\.$/,
    );
    // Every table sheet filters and sorts from its header row, over its rows only (as stored in
    // the file: a range from A1 to the last column of the table's last row).
    for (const ws of wb.worksheets) {
      const range = /^A1:([A-Z]+)(\d+)$/.exec(String(ws.autoFilter));
      expect(range, `${ws.name}: ${String(ws.autoFilter)}`).not.toBeNull();
      const columns = ws.getRow(1).cellCount;
      expect(range?.[1], ws.name).toBe(ws.getColumn(columns).letter);
    }
    expect(String(summary?.autoFilter)).toMatch(/^A1:[A-Z]+5$/);
    expect(String(wb.getWorksheet('Leaderboard')?.autoFilter)).toMatch(/^A1:[A-Z]+7$/);
    expect(wb.getWorksheet('Trend')?.rowCount).toBe(1 + 7);
    expect(wb.getWorksheet('Heatmap')?.rowCount).toBe(1 + 6 * DEMO_ENGINES.length);
    expect(wb.getWorksheet('Leaderboard')?.rowCount).toBe(1 + 6);
    expect(wb.getWorksheet('Alerts')?.rowCount).toBe(1 + Math.min(REPORT_ALERTS, written.report.alertsTotal));
    // Positioning: the service's numbers, a brand a row, the focus brand first.
    const pos = written.report.positioning?.summary.leaderboard ?? [];
    const posRows = wb.getWorksheet('Positioning');
    expect(posRows?.rowCount).toBe(1 + pos.length);
    const focusRow = posRows?.getRow(2).values as unknown[];
    expect(focusRow.slice(1, 8)).toEqual([
      'Veloxa',
      'your brand',
      pos[0]?.n,
      (pos[0]?.n ?? 0) < 30 ? 'yes' : 'no',
      pos[0]?.recommendationRate.value,
      pos[0]?.recommendationRate.lower,
      pos[0]?.recommendationRate.upper,
    ]);
    expect(focusRow[10]).toBe(pos[0]?.netSentiment.value);
    // The tracked questions word for word, the hostile one a plain string.
    const questions = wb.getWorksheet('Questions');
    const listed = Array.from({ length: (questions?.rowCount ?? 1) - 1 }, (_, i) =>
      questions?.getRow(i + 2).getCell(2),
    );
    expect(listed.map((c) => c?.value)).toEqual(written.report.questions.flatMap((g) => g.questions));
    expect(listed.at(-1)?.value).toBe(HOSTILE_PROMPT);
    expect(listed.at(-1)?.type).toBe(ExcelJS.ValueType.String);
    // Every kind of site, with the service's share of citations; the gaps sheet lists each list.
    const sources = service.sources({ ...query(), limit: 15 });
    const kinds = wb.getWorksheet('Sources by kind');
    expect(kinds?.rowCount).toBe(1 + sources.byKind.length);
    expect((kinds?.getRow(2).values as unknown[]).slice(1, 3)).toEqual([
      SITE_KIND_LABELS[sources.byKind[0]?.kind ?? 'other'],
      sources.byKind[0]?.share.value,
    ]);
    const g = written.report.gaps;
    expect(wb.getWorksheet('Citation gaps')?.rowCount).toBe(
      1 + (g?.gaps.length ?? 0) + (g?.partialGaps.length ?? 0) + (g?.competitorSites.length ?? 0),
    );
    const answers = wb.getWorksheet('Answers');
    const hostileRow = answers?.getRow(2);
    expect(hostileRow?.getCell(5).value).toBe(HOSTILE_PROMPT);
    expect(hostileRow?.getCell(6).value).toBe(HOSTILE_TEXT);
    expect(hostileRow?.getCell(6).type).toBe(ExcelJS.ValueType.String);
  });
});
