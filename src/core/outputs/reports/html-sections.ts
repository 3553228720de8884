import type {
  BrandMetricsWithChange,
  CitationGap,
  DomainStat,
  RateStat,
  StatChange,
} from '../../../shared/visibility/types';
import {
  meanChangeText,
  meanIntervalText,
  meanText,
  meanWithInterval,
  rateChangeText,
  rateIntervalText,
  rateText,
  rateWithInterval,
  longDate,
} from './format';
import { plural } from '../../../shared/narrative/words';
import { sourceKindWords } from '../../../shared/narrative/terms';
import { changeCell, link, section, t, table, type Column } from './html-parts';
import { MIN_GAP_ANSWERS } from './collect';
import type { ClientReport } from './types';

// The report's number sections (KPIs, leaderboard, sources, gaps, own pages), each from
// the collected report data (the heatmap is in html-heatmap.ts, the charts in html-trends.ts, the findings in html-findings.ts),
// in a client's words: "likely range" and "answers" where statisticians write interval and n
// (the glossary says what they mean). Engine text (prompts, answers, titles, URLs, brand and
// domain names) is escaped in every one.

/** A change in a table cell: a dash without previous data (the section's note says so). */
const inTable = (text: (c: StatChange) => string, c: StatChange): string =>
  c.delta === null ? '–' : text(c);
const NO_PREVIOUS = '–: no answers in the previous period.';

const brandName = (r: ClientReport, id: string): string => r.brands.find((b) => b.id === id)?.name ?? id;

type Stat = Pick<RateStat, 'value' | 'lower' | 'upper' | 'n'>;

/** A number as a data attribute (machine-readable beside the words), '' for none. */
const num = (v: number | null): string => (v === null ? '' : String(v));

function kpiCard(
  key: string,
  label: string,
  stat: Stat,
  change: StatChange,
  text: { value: string; interval: string; previous: string; change: string },
): string {
  const data = `data-kpi="${key}" data-value="${num(stat.value)}" data-lower="${num(stat.lower)}" data-upper="${num(stat.upper)}" data-n="${stat.n}" data-delta="${num(change.delta)}" data-significant="${change.significant}"`;
  return [
    `<div class="kpi" ${data}>`,
    `<div class="kpi-label">${t(label)}</div>`,
    `<div class="kpi-value">${t(text.value)}</div>`,
    `<div class="kpi-sub">${text.interval ? `likely ${t(text.interval)} · ` : ''}${t(plural(stat.n, key === 'shareOfVoice' ? 'brand mention' : 'answer'))}</div>`,
    `<div class="kpi-sub">Previous period: ${t(text.previous)}</div>`,
    `<div class="kpi-change">${text.change}</div>`,
    '</div>',
  ].join('');
}

export function kpiSection(r: ClientReport): string {
  const k = r.kpis;
  if (!k || !r.focus)
    return section('kpis', 'Key numbers', '<p class="muted">No focus brand is defined in this history.</p>');
  const rate = (key: 'mentionRate' | 'citationRate' | 'shareOfVoice', label: string): string =>
    kpiCard(key, label, k[key], k.change[key], {
      value: rateText(k[key]),
      interval: rateIntervalText(k[key]),
      previous: rateWithInterval(k.previous[key]),
      change: changeCell(
        rateChangeText(k.change[key]),
        k.change[key].significant,
        (k.change[key].delta ?? 0) > 0,
      ),
    });
  const position = kpiCard('avgPosition', 'Average position', k.avgPosition, k.change.avgPosition, {
    value: meanText(k.avgPosition),
    interval: meanIntervalText(k.avgPosition),
    previous: meanWithInterval(k.previous.avgPosition),
    change: changeCell(
      meanChangeText(k.change.avgPosition),
      k.change.avgPosition.significant,
      (k.change.avgPosition.delta ?? 0) < 0,
    ),
  });
  return section(
    'kpis',
    `Key numbers for ${r.focus.name}`,
    `<div class="kpis">${rate('mentionRate', 'Mention rate')}${rate('citationRate', 'Citation rate')}${position}${rate('shareOfVoice', 'Share of voice')}</div>`,
    `Compared with the previous ${plural(r.period.days, 'day')} (${longDate(r.period.previous.from)} to ${longDate(r.period.previous.to)}, ${plural(r.previousAnswers, 'answer')}). A change is clear when the likely ranges of the two periods do not overlap.`,
  );
}

const rateCol = <R>(head: string, get: (r: R) => RateStat, width?: number): Column<R> => ({
  head,
  cell: (r) => t(rateWithInterval(get(r))),
  className: 'num',
  ...(width === undefined ? {} : { width }),
});

export function leaderboardSection(r: ClientReport): string {
  const focusId = r.focus?.id ?? null;
  const change = (m: BrandMetricsWithChange, key: 'mentionRate' | 'citationRate' | 'shareOfVoice') =>
    changeCell(
      inTable(rateChangeText, m.change[key]),
      m.change[key].significant,
      (m.change[key].delta ?? 0) > 0,
    );
  const columns: Column<BrandMetricsWithChange>[] = [
    {
      head: 'Brand',
      cell: (m) =>
        `${t(brandName(r, m.brandId))}${m.brandId === focusId ? ' <span class="tag">your brand</span>' : ''}`,
      width: 14,
    },
    rateCol('Mention rate', (m) => m.mentionRate, 13),
    { head: 'Change', cell: (m) => change(m, 'mentionRate'), width: 9 },
    rateCol('Citation rate', (m) => m.citationRate, 13),
    { head: 'Change', cell: (m) => change(m, 'citationRate'), width: 9 },
    { head: 'Avg position', cell: (m) => t(meanWithInterval(m.avgPosition)), className: 'num', width: 11 },
    {
      head: 'Change',
      width: 9,
      cell: (m) =>
        changeCell(
          inTable(meanChangeText, m.change.avgPosition),
          m.change.avgPosition.significant,
          (m.change.avgPosition.delta ?? 0) < 0,
        ),
    },
    rateCol('Share of voice', (m) => m.shareOfVoice, 13),
    { head: 'Change', cell: (m) => change(m, 'shareOfVoice'), width: 9 },
  ];
  return section(
    'leaderboard',
    'Brands and competitors',
    table('Leaderboard', columns, r.leaderboard, 'No brands are defined in this history.'),
    `Over ${r.answers.toLocaleString('en')} answers; share of voice counts all tracked brands' mentions. Changes against the previous period; ${NO_PREVIOUS}`,
  );
}

export function sourcesSection(r: ClientReport): string {
  const rows = r.sources.domains;
  return section(
    'sources',
    'Top cited sources',
    table<DomainStat>(
      'Top cited sources',
      [
        {
          head: 'Domain',
          cell: (d) =>
            `${t(d.domain)}${d.brandId ? ` <span class="tag">${t(brandName(r, d.brandId))}</span>` : ''}`,
          width: 28,
        },
        rateCol('Share of answers citing it', (d) => d.share, 20),
        {
          head: 'Answers',
          cell: (d) => t(`${d.share.k.toLocaleString('en')} of ${d.share.n.toLocaleString('en')}`),
          className: 'num',
          width: 14,
        },
        {
          head: 'Change',
          cell: (d) => changeCell(inTable(rateChangeText, d.change), d.change.significant, null),
          width: 16,
        },
        { head: 'How it appears', cell: (d) => t(d.kinds.map(sourceKindWords).join(', ')), width: 22 },
      ],
      rows,
      'No answer cited a source in this period.',
    ),
    `The ${rows.length} domains cited in the most of the ${r.sources.answers.toLocaleString('en')} answers, with the change of that share against the previous period; ${NO_PREVIOUS}`,
  );
}

export function gapsSection(r: ClientReport): string {
  if (!r.gaps || !r.focus) return '';
  const g = r.gaps;
  const focus = r.focus.name;
  return section(
    'gaps',
    'Citation gaps',
    table<CitationGap>(
      'Citation gaps',
      [
        { head: 'Domain', cell: (x) => t(x.domain), width: 30 },
        {
          head: 'Answers citing it',
          cell: (x) => t(`${x.gapAnswers.k.toLocaleString('en')} (${rateText(x.gapAnswers)})`),
          className: 'num',
          width: 20,
        },
        {
          head: 'Competitors named there',
          cell: (x) => t(x.competitors.map((c) => `${brandName(r, c.brandId)} (${c.answers})`).join(', ')),
        },
      ],
      g.gaps,
      g.empty ?? 'No citation gaps in this period.',
    ),
    `Websites cited in at least ${MIN_GAP_ANSWERS} of the ${g.gapAnswers.toLocaleString('en')} answers that name a competitor but not ${focus}, and in no answer that names ${focus}.`,
  );
}

export function ownUrlsSection(r: ClientReport): string {
  if (!r.ownUrls || !r.focus) return '';
  const u = r.ownUrls;
  return section(
    'own-pages',
    `${r.focus.name}'s own cited pages`,
    table(
      'Own cited pages',
      [
        {
          head: 'Page',
          cell: (x) => link(x.url, x.title ?? x.url) + `<div class="sub url">${t(x.url)}</div>`,
          width: 64,
        },
        { head: 'Answers citing it', cell: (x) => t(x.answers), className: 'num', width: 18 },
        { head: 'Best position', cell: (x) => t(x.bestPosition), className: 'num', width: 18 },
      ],
      u.urls,
      u.empty ?? 'No answer cites these pages in this period.',
    ),
  );
}
