import { escapeHtml } from '../export';

// A horizontal bar chart as inline SVG: one bar per brand with its 95 % interval as a whisker,
// the value written at the bar's end; brand names are drawn as text, so they stay inert and
// readable in the PDF.

export interface Bar {
  name: string;
  color: string;
  value: number | null;
  lower: number | null;
  upper: number | null;
  /** How the value is written beside the bar. */
  label: string;
}

const W = 640;
const ROW = 26;
const LEFT = 150;
const RIGHT = 190;
const PLOT_W = W - LEFT - RIGHT;

const r1 = (v: number): string => (Math.round(v * 10) / 10).toString();

/** A name cut to fit the label column (the full name stays in the bar's tooltip). */
const short = (name: string): string => (name.length > 22 ? `${name.slice(0, 21)}…` : name);

export function barChartSvg(title: string, bars: readonly Bar[]): string {
  const max = Math.max(0.1, ...bars.map((b) => b.upper ?? b.value ?? 0));
  const scale = Math.min(1, Math.ceil(max * 10) / 10);
  const x = (v: number): number => LEFT + (v / scale) * PLOT_W;
  const h = bars.length * ROW + 8;
  const rows = bars.map((b, i) => {
    const y = 4 + i * ROW;
    const mid = y + ROW / 2;
    const width = b.value === null ? 0 : Math.max(1, x(b.value) - LEFT);
    const whisker =
      b.lower !== null && b.upper !== null
        ? `<line x1="${r1(x(b.lower))}" x2="${r1(x(b.upper))}" y1="${mid}" y2="${mid}" stroke="#1d2430" stroke-width="1.5"/>`
        : '';
    return [
      `<g class="bar"><title>${escapeHtml(`${b.name}: ${b.label}`)}</title>`,
      `<text x="${LEFT - 8}" y="${mid}" dy="4" text-anchor="end" font-size="12" fill="#1d2430">${escapeHtml(short(b.name))}</text>`,
      `<rect x="${LEFT}" y="${y + 5}" width="${r1(width)}" height="${ROW - 10}" fill="${b.color}" rx="2"/>`,
      whisker,
      `<text x="${LEFT + PLOT_W + 8}" y="${mid}" dy="4" font-size="11.5" fill="#37404d">${escapeHtml(b.label)}</text>`,
      '</g>',
    ].join('');
  });
  return [
    `<svg class="chart bars" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${h}" width="100%" role="img" aria-label="${escapeHtml(title)}">`,
    `<title>${escapeHtml(title)}</title>`,
    `<line x1="${LEFT}" x2="${LEFT}" y1="0" y2="${h}" stroke="#c9d0db"/>`,
    ...rows,
    '</svg>',
  ].join('');
}
