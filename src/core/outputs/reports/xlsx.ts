import type { Workbook, Worksheet } from 'exceljs';
import type { CitationGap, MeanStat, RateStat, StatChange } from '../../../shared/visibility/types';
import { SITE_KIND_LABELS } from '../../../shared/visibility/site-kinds';
import { alertKindName, engineName, isoDateTime, locationName } from './format';
import { sourceKindWords } from '../../../shared/narrative/terms';
import { periodDays, trendSeries, type TrendMetric } from './series';
import type { ClientReport } from './types';
import { reportCommerceSheet } from './xlsx-commerce';
import { engineBoardSheet } from './xlsx-engine-board';
import { positioningSheets } from './xlsx-positioning';
import { positioningReadingNote } from './positioning-reading';

// The client report as a workbook, one sheet per section, numbers as numbers (rates as
// fractions formatted as percentages) with their interval, n and significance in their own
// columns, so the client can sort and chart them; every table has an auto-filter on its header
// row. Text is written as values, never formulas.

const MAX_CELL = 32_767;
type Cell = string | number | null;
const clip = (v: Cell): Cell => (typeof v === 'string' && v.length > MAX_CELL ? v.slice(0, MAX_CELL) : v);

/** Rate columns: value, lower, upper, n. */
const rateCells = (s: RateStat): Cell[] => [s.value, s.lower, s.upper, s.n];
const meanCells = (s: MeanStat): Cell[] => [s.value, s.lower, s.upper, s.n];
const changeCells = (c: StatChange): Cell[] => [
  c.delta,
  c.delta === null ? null : c.significant ? 'yes' : 'no',
];
const rateHead = (name: string): string[] => [name, `${name} lower`, `${name} upper`, `${name} n`];

interface SheetSpec {
  name: string;
  head: string[];
  rows: Cell[][];
  /** 1-based columns holding fractions shown as percentages. */
  percent?: number[];
  widths?: Record<number, number>;
}

function addSheet(wb: Workbook, spec: SheetSpec): void {
  const ws = wb.addWorksheet(spec.name, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.addRow(spec.head);
  ws.getRow(1).font = { bold: true };
  for (const row of spec.rows) ws.addRow(row.map(clip));
  spec.head.forEach((h, i) => {
    ws.getColumn(i + 1).width = spec.widths?.[i + 1] ?? Math.min(40, Math.max(10, h.length + 2));
  });
  for (const c of spec.percent ?? []) ws.getColumn(c).numFmt = '0.0%';
  // Sort and filter from the header row, over the table's rows (not the notes below it).
  ws.autoFilter = {
    from: { row: 1, column: 1 },
    to: { row: 1 + spec.rows.length, column: spec.head.length },
  };
}

/** Columns 1-based of every "rate" group starting at `first` (value, lower, upper). */
const pctCols = (...firsts: number[]): number[] => firsts.flatMap((f) => [f, f + 1, f + 2]);

function summarySheet(wb: Workbook, r: ClientReport): void {
  const k = r.kpis;
  const rows: Cell[][] = [];
  if (k) {
    const rate = (label: string, key: 'mentionRate' | 'citationRate' | 'shareOfVoice'): Cell[] => [
      label,
      ...rateCells(k[key]),
      ...rateCells(k.previous[key]).slice(0, 1),
      ...changeCells(k.change[key]),
    ];
    rows.push(
      rate('Mention rate', 'mentionRate'),
      rate('Citation rate', 'citationRate'),
      [
        'Average position',
        ...meanCells(k.avgPosition),
        k.previous.avgPosition.value,
        ...changeCells(k.change.avgPosition),
      ],
      rate('Share of voice', 'shareOfVoice'),
    );
  }
  addSheet(wb, {
    name: 'Summary',
    head: [
      'Metric',
      'Value',
      'Lower (95 %)',
      'Upper (95 %)',
      'n',
      'Previous period',
      'Change',
      'Clear change',
    ],
    rows,
    widths: { 1: 24 },
  });
  const ws = wb.getWorksheet('Summary') as Worksheet;
  // Position is not a rate: only the rate rows get the percent format.
  if (k)
    for (const rowNo of [2, 3, 5])
      for (const col of [2, 3, 4, 6, 7]) ws.getRow(rowNo).getCell(col).numFmt = '0.0%';
  ws.addRow([]);
  const info: Array<[string, Cell]> = [
    ['Report', r.title],
    ['Focus brand', r.focus?.name ?? 'none'],
    ['Period', `${r.period.from} to ${r.period.to} (${r.period.days} days)`],
    ['Previous period', `${r.period.previous.from} to ${r.period.previous.to}`],
    ['Answers', r.answers],
    ['Answers in the previous period', r.previousAnswers],
    ['Runs', r.runs],
    ['Engines', r.monitor.engines.map((e) => engineName(e, r.labels)).join(', ')],
    ['Places', r.monitor.locations.map(locationName).join(', ')],
    ['Synthetic (sandbox)', r.synthetic ? 'yes: not real engine output' : 'no'],
    ['Generated', `${isoDateTime(r.generatedAt)} UTC`],
    [
      'Note',
      'Lower and upper give the likely (95 %) range; a change is clear when the two ranges do not overlap.',
    ],
  ];
  const reading = r.positioning === null ? null : positioningReadingNote(r.positioning);
  if (reading !== null) info.push(['Positioning', reading]);
  if (r.empty) info.push(['Empty', r.empty]);
  for (const [a, b] of info) ws.addRow([a, clip(b)]).getCell(1).font = { bold: true };
}

const METRICS: TrendMetric[] = ['mentionRate', 'citationRate', 'shareOfVoice', 'avgPosition'];

function trendRows(r: ClientReport): Cell[][] {
  if (!r.focus) return [];
  const series = METRICS.map(
    (m) => new Map(trendSeries(r.trend, r.focus?.id ?? '', m).map((p) => [p.day, p])),
  );
  return periodDays(r.period).map((day) => [
    day,
    ...series.flatMap((s) => {
      const p = s.get(day);
      return p ? [p.value, p.lower, p.upper, p.n] : [null, null, null, 0];
    }),
  ]);
}

export async function buildReportXlsx(r: ClientReport): Promise<Buffer> {
  // Loaded here: ExcelJS adds about 0.4 s to the start of any command that imports it.
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Parallax';
  wb.created = new Date(r.generatedAt);
  const name = (id: string): string => r.brands.find((b) => b.id === id)?.name ?? id;
  const focusId = r.focus?.id ?? '';

  summarySheet(wb, r);
  addSheet(wb, {
    name: 'Trend',
    head: [
      'Day',
      ...rateHead('Mention rate'),
      ...rateHead('Citation rate'),
      ...rateHead('Share of voice'),
      ...rateHead('Avg position'),
    ],
    rows: trendRows(r),
    percent: pctCols(2, 6, 10),
  });
  addSheet(wb, {
    name: 'Heatmap',
    head: ['Location', 'Engine', ...rateHead('Mention rate'), ...rateHead('Citation rate')],
    rows: r.heatmap.rows
      .filter((x) => x.brandId === focusId)
      .map((x) => [
        locationName(x.bucket.location ?? ''),
        engineName(x.bucket.engine ?? '', r.labels),
        ...rateCells(x.mentionRate),
        ...rateCells(x.citationRate),
      ]),
    percent: pctCols(3, 7),
  });
  addSheet(wb, {
    name: 'Leaderboard',
    head: [
      'Brand',
      'Kind',
      'Answers',
      ...rateHead('Mention rate'),
      'Mention change',
      'Mention clear change',
      ...rateHead('Citation rate'),
      'Citation change',
      'Citation clear change',
      ...rateHead('Avg position'),
      'Position change',
      'Position clear change',
      ...rateHead('Share of voice'),
      'Share of voice change',
      'Share of voice clear change',
    ],
    rows: r.leaderboard.map((m) => [
      name(m.brandId),
      m.brandId === focusId ? 'your brand' : (r.brands.find((b) => b.id === m.brandId)?.kind ?? ''),
      m.answers,
      ...rateCells(m.mentionRate),
      ...changeCells(m.change.mentionRate),
      ...rateCells(m.citationRate),
      ...changeCells(m.change.citationRate),
      ...meanCells(m.avgPosition),
      ...changeCells(m.change.avgPosition),
      ...rateCells(m.shareOfVoice),
      ...changeCells(m.change.shareOfVoice),
    ]),
    percent: [...pctCols(4, 10, 22), 8, 14, 26],
    widths: { 1: 20 },
  });
  const byEngine = engineBoardSheet(r);
  if (byEngine) addSheet(wb, { name: 'Brands by AI engine', ...byEngine, widths: { 1: 20 } });
  for (const sheet of positioningSheets(r)) addSheet(wb, sheet);
  const commerce = reportCommerceSheet(r);
  if (commerce) addSheet(wb, { name: 'Products and ads', ...commerce, widths: { 1: 20, 30: 40 } });
  addSheet(wb, {
    name: 'Sources',
    head: [
      'Domain',
      'Brand',
      'Kind of site',
      ...rateHead('Share of answers'),
      'Previous share',
      'Change',
      'Clear change',
      'How it appears',
    ],
    rows: r.sources.domains.map((d) => [
      d.domain,
      d.brandId ? name(d.brandId) : '',
      SITE_KIND_LABELS[d.siteKind],
      ...rateCells(d.share),
      d.previousShare.value,
      ...changeCells(d.change),
      d.kinds.map(sourceKindWords).join(', '),
    ]),
    percent: [...pctCols(4), 8, 9],
    widths: { 1: 28 },
  });
  addSheet(wb, {
    name: 'Sources by kind',
    head: [
      'Kind of site',
      ...rateHead('Share of citations'),
      'Domains',
      'Previous share',
      'Change',
      'Clear change',
    ],
    rows: r.sources.byKind.map((k) => [
      SITE_KIND_LABELS[k.kind],
      ...rateCells(k.share),
      k.domains,
      k.previousShare.value,
      ...changeCells(k.change),
    ]),
    percent: [...pctCols(2), 7, 8],
    widths: { 1: 26 },
  });
  const gapRow = (listed: string) => (g: CitationGap) => [
    g.domain,
    listed,
    SITE_KIND_LABELS[g.siteKind],
    ...rateCells(g.gapAnswers),
    g.competitors.map((c) => `${name(c.brandId)} (${c.answers})`).join(', '),
  ];
  addSheet(wb, {
    name: 'Citation gaps',
    head: ['Domain', 'List', 'Kind of site', ...rateHead('Share of gap answers'), 'Competitors named'],
    rows: [
      ...(r.gaps?.gaps ?? []).map(gapRow('gap')),
      ...(r.gaps?.partialGaps ?? []).map(gapRow('partial gap')),
      ...(r.gaps?.competitorSites ?? []).map(gapRow('competitor’s own site')),
    ],
    percent: pctCols(4),
    widths: { 1: 28, 8: 40 },
  });
  addSheet(wb, {
    name: 'Own pages',
    head: ['URL', 'Title', 'Answers citing it', 'Best position'],
    rows: (r.ownUrls?.urls ?? []).map((u) => [u.url, u.title, u.answers, u.bestPosition]),
    widths: { 1: 60, 2: 40 },
  });
  addSheet(wb, {
    name: 'Alerts',
    head: [
      'Noticed (UTC)',
      'What changed',
      'About',
      'Kind',
      'Question',
      'Engine',
      'Place',
      'Brand',
      'Before',
      'After',
      'Figures',
    ],
    rows: r.alerts.map((a) => [
      isoDateTime(a.createdAt),
      a.title,
      a.severity === 'high' ? 'your brand' : a.severity === 'medium' ? 'a competitor' : 'sources and wording',
      alertKindName(a.kind),
      a.prompt,
      a.engine ? engineName(a.engine, r.labels) : null,
      a.loc ? locationName(a.loc) : null,
      a.brandName,
      a.before.value,
      a.after.value,
      a.details,
    ]),
    widths: { 2: 60, 5: 40, 11: 60 },
  });
  addSheet(wb, {
    name: 'Answers',
    head: [
      'Finding',
      'Date',
      'Engine',
      'Location',
      'Prompt',
      'Excerpt',
      'Brands named',
      'Sources',
      'Result id',
    ],
    rows: r.evidence.flatMap((e) =>
      e.answers.map((a) => [
        e.title,
        a.date,
        engineName(a.engine, r.labels),
        locationName(a.location),
        a.prompt,
        a.excerpt,
        a.brandsNamed.join(', '),
        a.sources.map((s) => s.url).join('\n'),
        a.resultId,
      ]),
    ),
    widths: { 1: 40, 5: 40, 6: 80, 8: 50 },
  });
  const buf = await wb.xlsx.writeBuffer();
  return Buffer.from(buf as ArrayBuffer);
}
