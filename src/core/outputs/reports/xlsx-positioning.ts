import { isThin, MIN_ANSWERS_A_SIDE } from '../../../shared/analytics/evidence';
import type { StatChange } from '../../../shared/visibility/types';
import type { ClientReport } from './types';

// The report's positioning and tracked questions as sheets: the HTML sections' numbers
// (html-positioning.ts, html-method.ts), a brand a row with the recommendation rate and net
// sentiment (value, 95 % bounds, answers, change, whether it is clear, "few answers"), the status
// mix as shares and the top qualities; the qualities the focus brand lacks; the questions under
// their topics. Left out, as in the HTML, without positioning numbers.

type Cell = string | number | null;

export interface ReportSheet {
  name: string;
  head: string[];
  rows: Cell[][];
  /** 1-based columns holding fractions shown as percentages. */
  percent: number[];
  widths: Record<number, number>;
}

const yesNo = (v: boolean): string => (v ? 'yes' : 'no');

/** 'yes', 'no', or 'few answers' (never clear on fewer than 30 answers a side). */
function clear(c: StatChange, before: number, after: number): Cell {
  if (c.delta === null) return null;
  return isThin(before, after) ? 'few answers' : yesNo(c.significant);
}

function positioningSheet(r: ClientReport): ReportSheet | null {
  const p = r.positioning;
  if (!p) return null;
  const focusId = r.focus?.id ?? null;
  const brand = (id: string) => r.brands.find((b) => b.id === id);
  const share = (count: number, n: number): Cell => (n === 0 ? null : count / n);
  return {
    name: 'Positioning',
    head: [
      'Brand',
      'Kind',
      'Answers naming it',
      'Few answers',
      'Recommendation rate',
      'Recommendation rate lower',
      'Recommendation rate upper',
      'Change',
      'Clear change',
      'Net sentiment',
      'Net sentiment lower',
      'Net sentiment upper',
      'Net sentiment change',
      'Clear change',
      'Top pick',
      'Recommended',
      'Named only',
      'With a caution',
      'Qualities mentioned',
    ],
    rows: p.summary.leaderboard.map((m) => [
      brand(m.brandId)?.name ?? m.brandId,
      m.brandId === focusId ? 'your brand' : (brand(m.brandId)?.kind ?? ''),
      m.n,
      yesNo(m.n < MIN_ANSWERS_A_SIDE),
      m.recommendationRate.value,
      m.recommendationRate.lower,
      m.recommendationRate.upper,
      m.change.recommendationRate.delta,
      clear(m.change.recommendationRate, m.previous.n, m.n),
      m.netSentiment.value,
      m.netSentiment.lower,
      m.netSentiment.upper,
      m.change.netSentiment.delta,
      clear(m.change.netSentiment, m.previous.n, m.n),
      share(m.statusCounts.top, m.n),
      share(m.statusCounts.recommended, m.n),
      share(m.statusCounts.mentioned, m.n),
      share(m.statusCounts.cautioned, m.n),
      m.topAttributes.map((a) => `${a.text} (${Math.round((a.share.value ?? 0) * 100)} %)`).join(', '),
    ]),
    percent: [5, 6, 7, 8, 15, 16, 17, 18],
    widths: { 1: 20, 19: 60 },
  };
}

function lackedSheet(r: ClientReport): ReportSheet | null {
  const gaps = r.positioning?.attributeGaps;
  if (!gaps || !r.focus) return null;
  const name = (id: string): string => r.brands.find((b) => b.id === id)?.name ?? id;
  return {
    name: 'Qualities lacked',
    head: [
      'Quality',
      `${r.focus.name} share`,
      'Lower',
      'Upper',
      `Answers naming ${r.focus.name}`,
      'Leading competitor',
      'Its share',
      'Its answers',
      'Difference',
    ],
    rows: gaps.gaps.map((g) => {
      const lead = g.competitors[0];
      const few = g.focus.n < MIN_ANSWERS_A_SIDE || (lead?.share.n ?? 0) < MIN_ANSWERS_A_SIDE;
      return [
        g.text,
        g.focus.value,
        g.focus.lower,
        g.focus.upper,
        g.focus.n,
        lead ? name(lead.brandId) : null,
        lead?.share.value ?? null,
        lead?.share.n ?? null,
        g.significant ? 'clear' : few ? 'few answers' : 'not clear',
      ];
    }),
    percent: [2, 3, 4, 7],
    widths: { 1: 24, 6: 20 },
  };
}

function questionsSheet(r: ClientReport): ReportSheet {
  return {
    name: 'Questions',
    head: ['Topic', 'Question'],
    rows: r.questions.flatMap((g) => g.questions.map((q) => [g.topic ?? '', q])),
    percent: [],
    widths: { 1: 24, 2: 80 },
  };
}

/** The positioning, qualities lacked and questions sheets (those with data). */
export function positioningSheets(r: ClientReport): ReportSheet[] {
  return [positioningSheet(r), lackedSheet(r), questionsSheet(r)].filter((s): s is ReportSheet => s !== null);
}
