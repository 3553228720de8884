import { escapeHtml } from '../export';

// A trend chart as inline SVG (no script, no external resource): the daily value as a line,
// its 95 % interval as a shaded band (an error bar where a day stands alone), one point per
// day with answers. Days without answers break the line rather than being drawn as zero.

export interface TrendPoint {
  /** ISO date. */
  day: string;
  value: number | null;
  lower: number | null;
  upper: number | null;
  n: number;
}

export interface TrendChartOptions {
  title: string;
  /** Every day of the period, in order (the x axis). */
  days: readonly string[];
  points: readonly TrendPoint[];
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
const COLOR = '#2456c9';

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

export function trendChartSvg(options: TrendChartOptions): string {
  const { days, points } = options;
  const index = new Map(days.map((d, i) => [d, i]));
  const x = (day: string): number =>
    M.left + (days.length <= 1 ? PLOT_W / 2 : ((index.get(day) ?? 0) / (days.length - 1)) * PLOT_W);
  const scale = options.kind === 'rate' ? rateScale(points) : positionScale(points);
  const byDay = new Map(points.map((p) => [p.day, p]));
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
      `<text x="${r1(x(d))}" y="${H - 8}" text-anchor="${anchor}" font-size="11" fill="#5b6472">${escapeHtml(d)}</text>`,
    );
  });
  for (const seg of segments(days, byDay)) {
    const banded = seg.filter((p) => p.lower !== null && p.upper !== null);
    if (seg.length > 1 && banded.length === seg.length) {
      const upper = seg.map((p) => `${r1(x(p.day))},${r1(scale.y(p.upper as number))}`);
      const lower = [...seg].reverse().map((p) => `${r1(x(p.day))},${r1(scale.y(p.lower as number))}`);
      parts.push(
        `<polygon class="band" points="${[...upper, ...lower].join(' ')}" fill="${COLOR}" fill-opacity="0.16" stroke="none"/>`,
      );
    } else {
      for (const p of banded)
        parts.push(
          `<line class="band" x1="${r1(x(p.day))}" x2="${r1(x(p.day))}" y1="${r1(scale.y(p.lower as number))}" y2="${r1(scale.y(p.upper as number))}" stroke="${COLOR}" stroke-opacity="0.35" stroke-width="4"/>`,
        );
    }
    if (seg.length > 1) {
      const d = seg
        .map((p, i) => `${i === 0 ? 'M' : 'L'}${r1(x(p.day))},${r1(scale.y(p.value as number))}`)
        .join(' ');
      parts.push(`<path class="line" d="${d}" fill="none" stroke="${COLOR}" stroke-width="2"/>`);
    }
    for (const p of seg)
      parts.push(
        `<circle cx="${r1(x(p.day))}" cy="${r1(scale.y(p.value as number))}" r="2.5" fill="${COLOR}"><title>${escapeHtml(`${p.day}: ${options.label(p)}`)}</title></circle>`,
      );
  }
  const withData = points.filter((p) => p.value !== null).length;
  const summary = `${options.title}, per day: ${withData} of ${days.length} days with answers; shaded: 95 % interval`;
  return [
    `<svg class="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="100%" role="img" aria-label="${escapeHtml(summary)}">`,
    `<title>${escapeHtml(summary)}</title>`,
    `<rect x="${M.left}" y="${M.top}" width="${PLOT_W}" height="${PLOT_H}" fill="none" stroke="#c9d0db"/>`,
    ...parts,
    withData === 0
      ? `<text x="${W / 2}" y="${H / 2}" text-anchor="middle" font-size="13" fill="#5b6472">No answers in this period</text>`
      : '',
    '</svg>',
  ].join('');
}
