import type { BrandView } from '../../../shared/ipc/channels/library';
import type {
  AttributeStat,
  NetSentimentStat,
  PositioningBuckets,
  PositioningMetrics,
  PositioningMetricsWithChange,
  PositioningSummary,
  RescoreProgress,
} from '../../../shared/positioning/view-types';
import type { StatChange } from '../../../shared/visibility/types';
import { formatRate, formatRateChange, rateJson } from '../../format-stats';
import { bucketRowsJson } from '../../bucket-output';
import type { EngineLabelOf } from '../../../shared/profile';
import { judgeAgreementOf } from '../../../shared/positioning/judge-agreement';

// How `parallax positioning` prints its numbers: a text table by default, one JSON document with
// --json. Every rate carries its 95 % interval and n; changes say "n.s." when not significant.

const NONE = '\u2013';

/** "+0.42 [+0.31–+0.52]", "– (n = 0)" without data. */
export function formatNet(s: NetSentimentStat): string {
  if (s.value === null) return `${NONE} (n = 0)`;
  const f = (v: number): string => `${v > 0 ? '+' : ''}${v.toFixed(2)}`;
  return `${f(s.value)} [${f(s.lower as number)}${NONE}${f(s.upper as number)}]`;
}

export function formatNetChange(c: StatChange): string {
  if (c.delta === null) return NONE;
  return `${c.delta > 0 ? '+' : ''}${c.delta.toFixed(2)}${c.significant ? '' : ' n.s.'}`;
}

const POLARITY_MARK = { positive: '+', negative: '\u2212', neutral: '' } as const;

/** "lightweight (+) 18 %, expensive (−) 9 %". */
export function formatAttributes(list: readonly AttributeStat[]): string {
  if (list.length === 0) return NONE;
  return list
    .map((a) => {
      const mark = POLARITY_MARK[a.polarity];
      return `${a.text}${mark ? ` (${mark})` : ''} ${((a.share.value ?? 0) * 100).toFixed(0)} %`;
    })
    .join(', ');
}

export const statusMix = (m: PositioningMetrics): string =>
  `${m.statusCounts.top}/${m.statusCounts.recommended}/${m.statusCounts.mentioned}/${m.statusCounts.cautioned}`;

export const netJson = (s: NetSentimentStat) => ({
  value: s.value,
  lower: s.lower,
  upper: s.upper,
  n: s.n,
  positive: s.positive,
  negative: s.negative,
});

export const attributesJson = (list: readonly AttributeStat[]) =>
  list.map((a) => ({
    text: a.text,
    polarity: a.polarity,
    count: a.count,
    positive: a.positive,
    negative: a.negative,
    share: rateJson(a.share),
  }));

/** One brand's metrics in JSON (the rows of both shapes). */
export function metricsJson(m: PositioningMetrics) {
  return {
    n: m.n,
    recommendationRate: rateJson(m.recommendationRate),
    netSentiment: netJson(m.netSentiment),
    statusCounts: m.statusCounts,
    sentimentCounts: m.sentimentCounts,
    meanScore: {
      value: m.meanScore.value,
      lower: m.meanScore.lower,
      upper: m.meanScore.upper,
      n: m.meanScore.n,
    },
    topAttributes: attributesJson(m.topAttributes),
  };
}

function summaryRowJson(
  m: PositioningMetricsWithChange,
  brand: BrandView | undefined,
  focusId: string | null,
) {
  return {
    brand: brand?.name ?? m.brandId,
    brandId: m.brandId,
    kind: brand?.kind ?? null,
    focus: m.brandId === focusId,
    ...metricsJson(m),
    previous: metricsJson(m.previous),
    change: {
      recommendationRate: {
        delta: m.change.recommendationRate.delta,
        significant: m.change.recommendationRate.significant,
      },
      netSentiment: { delta: m.change.netSentiment.delta, significant: m.change.netSentiment.significant },
    },
  };
}

export function summaryJson(view: PositioningSummary, brands: Map<string, BrandView>) {
  const focus = view.focusBrandId;
  return {
    period: view.period,
    judge: view.judge.id,
    brand: focus === null ? null : (brands.get(focus)?.name ?? null),
    brandId: focus,
    rows: view.leaderboard.map((m) => summaryRowJson(m, brands.get(m.brandId), focus)),
    empty: view.empty,
    rescore: view.rescore,
    notJudged: view.notJudged,
    judgeAgreement: judgeAgreementOf(view.judge.id),
  };
}

export function bucketsJson(
  view: PositioningBuckets,
  brands: Map<string, BrandView>,
  only: string | null,
  labelOf?: EngineLabelOf,
) {
  return {
    period: view.period,
    judge: view.judge.id,
    ...bucketRowsJson(view, brands, only, labelOf, metricsJson),
    empty: view.empty,
    rescore: view.rescore,
    notJudged: view.notJudged,
    judgeAgreement: judgeAgreementOf(view.judge.id),
  };
}

/** Said above the numbers while the archive is being re-scored. */
export function rescoreNote(r: RescoreProgress | null): string | null {
  if (r === null) return null;
  const state = r.paused ? 'paused' : 'pending';
  return (
    `Re-score ${state} (${r.done.toLocaleString('en')} of ${r.total.toLocaleString('en')} answers, ${r.reason}): ` +
    'numbers mix earlier and current judgements until it ends; `parallax positioning rescore` finishes it.'
  );
}

export const POSITIONING_LEGEND =
  'Recommended = top pick or recommended, of the answers naming the brand (n), 95 % Wilson interval; ' +
  'net sentiment = share positive − share negative, 95 % score interval (Tango); T/R/M/C = top, recommended, ' +
  'mentioned, cautioned answers; n.s. = not significant (the intervals overlap); \u2013 = no data.';

export const summaryCells = (m: PositioningMetricsWithChange): Array<string | number> => [
  m.n,
  formatRate(m.recommendationRate),
  formatRateChange(m.change.recommendationRate),
  formatNet(m.netSentiment),
  formatNetChange(m.change.netSentiment),
  statusMix(m),
  formatAttributes(m.topAttributes),
];
