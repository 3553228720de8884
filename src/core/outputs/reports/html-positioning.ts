import { MIN_ANSWERS_A_SIDE, isThin } from '../../../shared/analytics/evidence';
import type {
  AttributeGap,
  AttributeStat,
  NetSentimentStat,
  PositioningMetricsWithChange,
  StatusCounts,
} from '../../../shared/positioning/view-types';
import type { StatChange } from '../../../shared/visibility/types';
import { plural } from '../../../shared/narrative/words';
import { NAMED_ONLY, positioningReadingNote } from './positioning-reading';
import { rateChangeText, rateIntervalText, rateText, rateWithInterval } from './format';
import { changeCell, section, t, table, type Column } from './html-parts';
import type { ClientReport, ReportPositioning } from './types';

// The report's positioning section: how the answers naming each brand present it (the
// recommendation rate, net sentiment, the mix of top pick / recommended / named only / named
// with a caution, the qualities they attach to it) and the qualities competitors are praised for
// that the focus brand lacks. Every rate carries its likely range and the answers behind it; a
// figure on fewer than 30 answers says "few answers", and a change on them is never called clear.

const STATUS_WORDS: Record<keyof StatusCounts, string> = {
  top: 'top pick',
  recommended: 'recommended',
  mentioned: NAMED_ONLY,
  cautioned: 'with a caution',
};

const few = (n: number): string => (n < MIN_ANSWERS_A_SIDE ? ', few answers' : '');

const signed = (v: number): string => `${v > 0 ? '+' : v < 0 ? '−' : ''}${Math.abs(v).toFixed(2)}`;

/** "+0.24 (+0.18 to +0.30)", or "–" without answers. */
export function netText(s: NetSentimentStat): string {
  if (s.value === null) return '–';
  return s.lower === null || s.upper === null
    ? signed(s.value)
    : `${signed(s.value)} (${signed(s.lower)} to ${signed(s.upper)})`;
}

/** A change in words: "few answers" when either side is thin, else the usual clear/no clear change. */
function changeWords(change: StatChange, before: number, after: number, text: string): string {
  if (change.delta === null) return '–';
  return isThin(before, after) ? `${text.replace(/ \(no clear change\)$/, '')} (few answers)` : text;
}

function netChangeText(c: StatChange): string {
  if (c.delta === null) return '–';
  return `${signed(c.delta)}${c.significant ? '' : ' (no clear change)'}`;
}

/** "top pick 12 %, recommended 30 %, named only 50 %, with a caution 8 %". */
export function statusMix(counts: StatusCounts, n: number): string {
  if (n === 0) return '–';
  return (Object.keys(STATUS_WORDS) as Array<keyof StatusCounts>)
    .map((k) => `${STATUS_WORDS[k]} ${Math.round((counts[k] / n) * 100)} %`)
    .join(', ');
}

const attributesText = (list: readonly AttributeStat[]): string =>
  list.length === 0
    ? '–'
    : list.map((a) => `${a.text}${a.polarity === 'negative' ? ' (−)' : ''} ${rateText(a.share)}`).join(', ');

/** A change column: "few answers" (and grey, never clear) when either period is thin; a clear rise green, a fall red. */
function changeColumn(
  key: 'recommendationRate' | 'netSentiment',
  text: (c: StatChange) => string,
  width: number,
): Column<PositioningMetricsWithChange> {
  return {
    head: 'Change',
    width,
    cell: (m) => {
      const c = m.change[key];
      const clear = c.significant && !isThin(m.previous.n, m.n);
      return changeCell(changeWords(c, m.previous.n, m.n, text(c)), clear, (c.delta ?? 0) > 0);
    },
  };
}

function columns(r: ClientReport, focusId: string | null): Column<PositioningMetricsWithChange>[] {
  const name = (id: string): string => r.brands.find((b) => b.id === id)?.name ?? id;
  return [
    {
      head: 'Brand',
      cell: (m) =>
        `${t(name(m.brandId))}${m.brandId === focusId ? ' <span class="tag">your brand</span>' : ''}`,
      width: 14,
    },
    {
      head: 'Recommended',
      cell: (m) =>
        `${t(rateText(m.recommendationRate))}<span class="sub">${t(`${rateIntervalText(m.recommendationRate) || 'no range'} · ${plural(m.n, 'answer')}${few(m.n)}`)}</span>`,
      className: 'num',
      width: 16,
    },
    changeColumn('recommendationRate', rateChangeText, 11),
    {
      head: 'Net sentiment',
      cell: (m) =>
        `${t(netText(m.netSentiment))}<span class="sub">${t(`${plural(m.n, 'answer')}${few(m.n)}`)}</span>`,
      className: 'num',
      width: 15,
    },
    changeColumn('netSentiment', netChangeText, 10),
    { head: 'How it is presented', cell: (m) => t(statusMix(m.statusCounts, m.n)), width: 16 },
    { head: 'Qualities mentioned', cell: (m) => t(attributesText(m.topAttributes)), width: 18 },
  ];
}

function gapsTable(r: ClientReport, p: ReportPositioning, focus: string): string {
  const gaps = p.attributeGaps;
  if (!gaps) return '';
  const name = (id: string): string => r.brands.find((b) => b.id === id)?.name ?? id;
  const cols: Column<AttributeGap>[] = [
    { head: 'Quality', cell: (g) => t(g.text), width: 20 },
    {
      head: focus,
      cell: (g) =>
        `${t(rateWithInterval(g.focus))}<span class="sub">${t(`${plural(g.focus.n, 'answer')}${few(g.focus.n)}`)}</span>`,
      className: 'num',
      width: 22,
    },
    {
      head: 'Competitors praised for it',
      width: 44,
      cell: (g) =>
        t(
          g.competitors
            .map((c) => `${name(c.brandId)} ${rateText(c.share)} of ${plural(c.share.n, 'answer')}`)
            .join('; '),
        ),
    },
    {
      head: 'Difference',
      width: 14,
      cell: (g) =>
        t(
          g.significant
            ? 'clear'
            : g.focus.n < MIN_ANSWERS_A_SIDE || (g.competitors[0]?.share.n ?? 0) < MIN_ANSWERS_A_SIDE
              ? 'few answers'
              : 'not clear',
        ),
    },
  ];
  return [
    `<h3>${t(`Qualities competitors are praised for that ${focus} lacks`)}</h3>`,
    table(
      `Qualities ${focus} lacks`,
      cols,
      gaps.gaps,
      `No quality competitors are praised for is missing from the answers naming ${focus}.`,
    ),
  ].join('');
}

function leadSentence(p: ReportPositioning, focus: string): string {
  const k = p.summary.kpis;
  if (!k || k.n === 0) return `No answer in this period names ${focus}, so there is no positioning to show.`;
  const thin = k.n < MIN_ANSWERS_A_SIDE ? ` These rest on few answers (${k.n}): read them with care.` : '';
  return `Of the ${plural(k.n, 'answer')} naming ${focus}, ${rateText(k.recommendationRate)} recommend it or make it the top pick (likely ${rateIntervalText(k.recommendationRate) || 'no range'}), and its net sentiment is ${netText(k.netSentiment)}.${thin}`;
}

export function positioningSection(r: ClientReport): string {
  const p = r.positioning;
  if (!p || !r.focus) return '';
  const focus = r.focus.name;
  const readingNote = positioningReadingNote(p);
  const body = p.summary.empty
    ? `<p class="muted">${t(p.summary.empty)}.</p>`
    : [
        `<p class="lead">${t(leadSentence(p, focus))}</p>`,
        table(
          'Positioning of each brand',
          columns(r, r.focus.id),
          p.summary.leaderboard,
          'No brands are tracked.',
        ),
        gapsTable(r, p, focus),
      ].join('');
  return section(
    'positioning',
    `How the answers present ${focus} and its competitors`,
    body,
    `Over the answers naming each brand; changes against the previous ${plural(r.period.days, 'day')}. ${p.summary.rescore ? 'Answers are still being scored again: these figures mix the old and new readings until it ends. ' : ''}“Few answers”: under ${MIN_ANSWERS_A_SIDE}, read with care.${readingNote === null ? '' : ` ${readingNote}`}`,
  );
}
