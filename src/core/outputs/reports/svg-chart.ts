import { escapeHtml } from '../export';
import { longDate } from './format';

// A trend chart as inline SVG (no script, no external resource): one line per brand (the focus
// brand's first, with its 95 % interval as a shaded band, an error bar where a day stands alone;
// competitors' lines thinner and without bands, so the chart stays readable), one point per day
// with answers. Days without answers break a line rather than being drawn as zero.

export interface TrendPoint {
  /** ISO date. */
  day: string;
  value: number | null;
  lower: number | null;
  upper: number | null;
  n: number;
}

/** One brand's line. */
export interface TrendLine {
  name: string;
  /** #rrggbb, the brand's colour across the report. */
  color: string;
  points: readonly TrendPoint[];
  /** The focus brand: drawn thicker, with its interval band. */
  focus: boolean;
}

export interface TrendChartOptions {
  title: string;
  /** Every day of the period, in order (the x axis); with grain 'week', every week's Monday. */
  days: readonly string[];
  /** What a point covers (a day by default). */
  grain?: 'day' | 'week';
  /** The focus brand's line first. */
  lines: readonly TrendLine[];
  /** 'rate': 0–100 %, up is more; 'position': 1 at the top (lower is better). */
  kind: 'rate' | 'position';
  /** How one value is written in a point's tooltip. */
  label(p: TrendPoint): string;
}

const W = 640;
const H = 190;
const M = { left: 46, right: 14, top: 12, bottom: 28 };
const PLOT_W = W - M.left - M.right;
const PLOT_H = H - M.top - M.bottom;

const r1 = (v: number): string => (Math.round(v * 10) / 10).toString();

interface Scale {
  y(v: number): number;
  ticks: Array<{ v: number; label: string }>;
}

function rateScale(points: readonly TrendPoint[]): Scale {
  const top = Math.max(0.1, ...points.map((p) => p.upper ?? p.value ?? 0));
  const max = Math.min(1, Math.ceil(top * 10) / 10);
  const step = max <= 0.3 ? 0.05 : max <= 0.6 ? 0.1 : 0.2;
  const ticks = [];
  for (let v = 0; v <= max + 1e-9; v += step) ticks.push({ v, label: `${Math.round(v * 100)} %` });
  return { y: (v) => M.top + PLOT_H - (v / max) * PLOT_H, ticks };
}

function positionScale(points: readonly TrendPoint[]): Scale {
  const bottom = Math.max(2, Math.ceil(Math.max(...points.map((p) => p.upper ?? p.value ?? 1))));
  const step = bottom <= 5 ? 1 : Math.ceil(bottom / 5);
  const ticks = [];
  for (let v = 1; v <= bottom; v += step) ticks.push({ v, label: String(v) });
  return { y: (v) => M.top + ((v - 1) / (bottom - 1)) * PLOT_H, ticks };
}

/** Runs of consecutive days that have a value. */
function segments(days: readonly string[], byDay: Map<string, TrendPoint>): TrendPoint[][] {
  const out: TrendPoint[][] = [];
  let run: TrendPoint[] = [];
  for (const d of days) {
    const p = byDay.get(d);
    if (p && p.value !== null) run.push(p);
    else if (run.length > 0) {
      out.push(run);
      run = [];
    }
  }
  if (run.length > 0) out.push(run);
  return out;
}

/** The band (or error bars) of one run of days. */
function bandOf(seg: TrendPoint[], x: (day: string) => number, scale: Scale, color: string): string[] {
  const banded = seg.filter((p) => p.lower !== null && p.upper !== null);
  if (seg.length > 1 && banded.length === seg.length) {
    const upper = seg.map((p) => `${r1(x(p.day))},${r1(scale.y(p.upper as number))}`);
    const lower = [...seg].reverse().map((p) => `${r1(x(p.day))},${r1(scale.y(p.lower as number))}`);
    return [
      `<polygon class="band" points="${[...upper, ...lower].join(' ')}" fill="${color}" fill-opacity="0.16" stroke="none"/>`,
    ];
  }
  return banded.map(
    (p) =>
      `<line class="band" x1="${r1(x(p.day))}" x2="${r1(x(p.day))}" y1="${r1(scale.y(p.lower as number))}" y2="${r1(scale.y(p.upper as number))}" stroke="${color}" stroke-opacity="0.35" stroke-width="4"/>`,
  );
}

/** One brand's line: its runs of days, each with its points (and the focus brand's band). */
function lineOf(
  line: TrendLine,
  days: readonly string[],
  x: (day: string) => number,
  scale: Scale,
  label: TrendChartOptions['label'],
): string[] {
  const parts: string[] = [];
  const byDay = new Map(line.points.map((p) => [p.day, p]));
  const width = line.focus ? 2.5 : 1.5;
  for (const seg of segments(days, byDay)) {
    if (line.focus) parts.push(...bandOf(seg, x, scale, line.color));
    if (seg.length > 1) {
      const d = seg
        .map((p, i) => `${i === 0 ? 'M' : 'L'}${r1(x(p.day))},${r1(scale.y(p.value as number))}`)
        .join(' ');
      parts.push(`<path class="line" d="${d}" fill="none" stroke="${line.color}" stroke-width="${width}"/>`);
    }
    for (const p of seg)
      parts.push(
        `<circle cx="${r1(x(p.day))}" cy="${r1(scale.y(p.value as number))}" r="${line.focus ? 2.5 : 1.8}" fill="${line.color}"><title>${escapeHtml(`${line.name}, ${longDate(p.day)}: ${label(p)}`)}</title></circle>`,
      );
  }
  return parts;
}

export function trendChartSvg(options: TrendChartOptions): string {
  const { days, lines } = options;
  const index = new Map(days.map((d, i) => [d, i]));
  const x = (day: string): number =>
    M.left + (days.length <= 1 ? PLOT_W / 2 : ((index.get(day) ?? 0) / (days.length - 1)) * PLOT_W);
  const all = lines.flatMap((l) => l.points);
  const scale = options.kind === 'rate' ? rateScale(all) : positionScale(all);
  const parts: string[] = [];
  for (const t of scale.ticks) {
    const y = r1(scale.y(t.v));
    parts.push(
      `<line x1="${M.left}" x2="${W - M.right}" y1="${y}" y2="${y}" stroke="#e3e7ee" stroke-width="1"/>`,
      `<text x="${M.left - 6}" y="${y}" dy="4" text-anchor="end" font-size="11" fill="#5b6472">${escapeHtml(t.label)}</text>`,
    );
  }
  const xTicks = days.length <= 1 ? days : [days[0], days[Math.floor((days.length - 1) / 2)], days.at(-1)];
  const ticks = [...new Set(xTicks)] as string[];
  ticks.forEach((d, i) => {
    // The first and last labels sit inside the plot's edges, not centred past them.
    const anchor =
      ticks.length === 1 ? 'middle' : i === 0 ? 'start' : i === ticks.length - 1 ? 'end' : 'middle';
    parts.push(
      `<text x="${r1(x(d))}" y="${H - 8}" text-anchor="${anchor}" font-size="11" fill="#5b6472">${escapeHtml(longDate(d))}</text>`,
    );
  });
  // Competitors first, so the focus brand's line is drawn on top.
  for (const line of [...lines].reverse()) parts.push(...lineOf(line, days, x, scale, options.label));
  const focusPoints = lines[0]?.points ?? [];
  const withData = focusPoints.filter((p) => p.value !== null).length;
  const brands = lines.map((l) => l.name).join(', ');
  const unit = options.grain ?? 'day';
  const summary = `${options.title}, per ${unit}, for ${brands}: ${withData} of ${days.length} ${unit}s with answers; shaded: 95 % interval of ${lines[0]?.name ?? 'the brand'}`;
  return [
    `<svg class="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="100%" role="img" aria-label="${escapeHtml(summary)}">`,
    `<title>${escapeHtml(summary)}</title>`,
    `<rect x="${M.left}" y="${M.top}" width="${PLOT_W}" height="${PLOT_H}" fill="none" stroke="#c9d0db"/>`,
    ...parts,
    withData === 0 && all.every((p) => p.value === null)
      ? `<text x="${W / 2}" y="${H / 2}" text-anchor="middle" font-size="13" fill="#5b6472">No answers in this period</text>`
      : '',
    '</svg>',
  ].join('');
}
