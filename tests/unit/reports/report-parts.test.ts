import { describe, expect, it } from 'vitest';
import { distinctAnswers, excerptAround } from '../../../src/core/outputs/reports/evidence';
import { result, src } from '../analytics/fixtures';
import {
  locationName,
  meanChangeText,
  meanIntervalText,
  rateChangeText,
  slugOf,
} from '../../../src/core/outputs/reports/format';
import { periodDays } from '../../../src/core/outputs/reports/series';
import { trendChartSvg, type TrendPoint } from '../../../src/core/outputs/reports/svg-chart';
import { formatOfPath, reportFileName } from '../../../src/core/outputs/reports/write';

// The client report's small pure parts: file names, formats, excerpts, change words, and the
// SVG trend chart's shapes (bands, breaks at days without answers, an isolated day's error bar).

describe('report file names and formats', () => {
  it('slugs monitor names for file names, keeping letters of any script', () => {
    expect(slugOf('Demo · Buying guides')).toBe('demo-buying-guides');
    expect(slugOf('Café Crème — Zürich / 2026')).toBe('cafe-creme-zurich-2026');
    expect(slugOf('ランニング シューズ')).toBe('ランニング-シューズ');
    expect(slugOf('***')).toBe('monitor');
    const long = slugOf(`${'a'.repeat(79)} b`);
    expect(long).toBe('a'.repeat(79));
    expect(reportFileName('Client A: shoes', '2026-03-10', 'xlsx')).toBe('client-a-shoes-2026-03-10.xlsx');
  });

  it('takes the format from the extension, whatever its case', () => {
    expect(formatOfPath('/x/Report.HTML')).toBe('html');
    expect(formatOfPath('r.htm')).toBe('html');
    expect(formatOfPath('r.xlsx')).toBe('xlsx');
    expect(formatOfPath('r.PDF')).toBe('pdf');
    expect(formatOfPath('r.docx')).toBeNull();
    expect(formatOfPath('report')).toBeNull();
  });

  it('lists every day of a period', () => {
    expect(periodDays({ from: '2026-02-27', to: '2026-03-02' })).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });
});

describe('words for numbers', () => {
  it('says "no clear change" where the likely ranges overlap and when there is nothing to compare', () => {
    expect(rateChangeText({ delta: 0.032, significant: true })).toBe('+3.2 points');
    expect(rateChangeText({ delta: -0.01, significant: false })).toBe('-1.0 points (no clear change)');
    expect(rateChangeText({ delta: null, significant: false })).toBe('no previous data');
    expect(meanChangeText({ delta: -0.3, significant: true })).toBe('-0.3 (better)');
    expect(meanChangeText({ delta: 0.4, significant: false })).toBe('+0.4 (no clear change)');
  });

  it('names places, not codes', () => {
    expect(locationName('DE')).toBe('Germany');
    expect(locationName('US-CA')).toBe('California (US)');
  });

  it('keeps a position range at 1 or more (a brand cannot come before first)', () => {
    expect(meanIntervalText({ value: 1.12, lower: 0.87, upper: 1.36, n: 9 })).toBe('1.0–1.4');
    expect(meanIntervalText({ value: 2, lower: null, upper: null, n: 1 })).toBe('');
  });
});

describe('answer excerpts', () => {
  it('keeps a short answer whole, folding blank space but not line breaks', () => {
    expect(excerptAround('Fleetfoot   is\t good.\n\n\n2. Norrun', 0)).toBe('Fleetfoot is good.\n2. Norrun');
  });

  it('cuts a long answer around the mention, from the start of its line, with ellipses', () => {
    const intro = 'word '.repeat(100);
    const text = `${intro}\n1. Fleetfoot Glide – light.\n2. Norrun Trail – grippy.\n${'more '.repeat(200)}`;
    const at = text.indexOf('Norrun');
    const excerpt = excerptAround(text, at);
    expect(excerpt.startsWith('… 1. Fleetfoot Glide')).toBe(true);
    expect(excerpt.endsWith(' …')).toBe(true);
    expect(excerpt).toContain('2. Norrun Trail – grippy.');
    expect(excerpt.length).toBeLessThan(640);
  });
});

describe('trend chart SVG', () => {
  const days = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05'];
  const p = (day: string, value: number): TrendPoint => ({
    day,
    value,
    lower: value - 0.05,
    upper: value + 0.05,
    n: 40,
  });
  const line = (points: TrendPoint[], name = 'Veloxa', focus = true) => ({
    name,
    color: focus ? '#3b82f6' : '#f97316',
    points,
    focus,
  });
  const chart = (points: TrendPoint[], title = 'Mention rate') =>
    trendChartSvg({
      title,
      days,
      lines: [line(points)],
      kind: 'rate',
      label: (x) => `${x.value} <n=${x.n}>`,
    });

  it('draws a band and a line per run of days with answers, breaking at a day without', () => {
    const svg = chart([
      p(days[0] as string, 0.3),
      p(days[1] as string, 0.35),
      p(days[3] as string, 0.4),
      p(days[4] as string, 0.2),
    ]);
    expect(svg.match(/<polygon class="band"/g)).toHaveLength(2);
    expect(svg.match(/<path class="line"/g)).toHaveLength(2);
    expect(svg.match(/<circle /g)).toHaveLength(4);
    expect(svg).toContain('4 of 5 days with answers');
    // Dates as the rest of the report writes them.
    expect(svg).toContain('Veloxa, 1 March 2026: ');
    expect(svg).toContain('>1 March 2026</text>');
    expect(svg).not.toMatch(/>\d{4}-\d{2}-\d{2}</);
    // Tooltips are escaped text.
    expect(svg).toContain('&lt;n=40&gt;');
    expect(svg).not.toContain('<n=40>');
  });

  it('gives an isolated day an error bar, and says when there is nothing to draw', () => {
    const one = chart([p(days[2] as string, 0.5)]);
    expect(one).toMatch(/<line class="band"/);
    expect(one).not.toMatch(/<path class="line"|<polygon/);
    const none = chart([], 'Share of <b>voice</b>');
    expect(none).toContain('No answers in this period');
    expect(none).toContain('Share of &lt;b&gt;voice&lt;/b&gt;');
  });

  it('draws competitors as thinner lines of their own colour, without bands, under the focus brand', () => {
    const svg = trendChartSvg({
      title: 'Mention rate',
      days,
      lines: [
        line([p(days[0] as string, 0.3), p(days[1] as string, 0.35)]),
        line([p(days[0] as string, 0.5), p(days[1] as string, 0.55)], 'Fleet<i>foot</i>', false),
      ],
      kind: 'rate',
      label: () => '',
    });
    expect(svg.match(/<polygon class="band"/g)).toHaveLength(1);
    expect(svg.match(/<path class="line"[^>]*stroke="#f97316" stroke-width="1.5"/g)).toHaveLength(1);
    expect(svg.match(/<path class="line"[^>]*stroke="#3b82f6" stroke-width="2.5"/g)).toHaveLength(1);
    // The focus brand's line is drawn last, on top.
    expect(svg.lastIndexOf('#3b82f6')).toBeGreaterThan(svg.lastIndexOf('#f97316'));
    expect(svg).toContain('Fleet&lt;i&gt;foot&lt;/i&gt;');
    expect(svg).toContain('for Veloxa, Fleet&lt;i&gt;foot&lt;/i&gt;');
  });

  it('puts position 1 at the top', () => {
    const svg = trendChartSvg({
      title: 'Average first position',
      days,
      lines: [
        line([
          { day: days[0] as string, value: 1, lower: null, upper: null, n: 1 },
          { day: days[1] as string, value: 3, lower: 2.5, upper: 3.5, n: 9 },
        ]),
      ],
      kind: 'position',
      label: () => '',
    });
    const ys = [...svg.matchAll(/<circle cx="[\d.]+" cy="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(ys[0]).toBeLessThan(ys[1] as number);
  });
});

describe('the answers behind the findings', () => {
  const page = (prompt: string, day: number, ...titles: string[]) => ({
    prompt,
    engine: 'search' as const,
    country: 'US',
    state: null,
    fetchedAt: Date.UTC(2026, 10, day, 9),
    normalized: result({
      engine: 'search',
      sources: titles.map((title, i) => ({ ...src(`https://s${i}.example/`, i + 1, 'organic'), title })),
    }),
  });

  it('tells results pages without text apart by their titles, never showing one list twice', () => {
    const picked = distinctAnswers(
      [
        page('best trail shoes', 20, 'Fleetfoot Aero review', 'Trail shoes tested'),
        page('cheap running shoes', 20, 'Fleetfoot sale: 30 % off'),
        page('running shoes for flat feet', 19, 'Fleetfoot Aero review', 'Trail shoes tested'),
      ],
      4,
    );
    expect(picked.map((r) => r.prompt)).toEqual(['best trail shoes', 'cheap running shoes']);
  });
});
