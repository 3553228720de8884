import { netSentimentInterval } from '../../../shared/analytics/net-sentiment';
import type {
  AttributeStat,
  PositioningMetrics,
  PositioningMetricsWithChange,
} from '../../../shared/positioning/view-types';
import type { PosAttrRow, PosStatusRow } from '../../history';
import { meanStat, rateStat, statChange } from '../../analysis';

// The store's positioning sums turned into the numbers an analyst reads: rates with their
// Wilson interval, net sentiment with Tango's score interval, the mean tone with its t interval,
// the top attributes with their share, and changes with their significance.

export type StatusSums = Omit<PosStatusRow, 'day' | 'run' | 'engine' | 'loc' | 'brandId'>;

export const NO_STATUS: StatusSums = {
  n: 0,
  top: 0,
  recommended: 0,
  mentioned: 0,
  cautioned: 0,
  positive: 0,
  neutral: 0,
  negative: 0,
  scoreSum: 0,
  scoreSq: 0,
};

/** An attribute's usual polarity: the more frequent one, neutral on a tie. */
export function polarityOf(row: Pick<PosAttrRow, 'positive' | 'negative'>): AttributeStat['polarity'] {
  return row.positive > row.negative ? 'positive' : row.negative > row.positive ? 'negative' : 'neutral';
}

export function attributeStat(row: PosAttrRow, n: number): AttributeStat {
  return {
    text: row.attr,
    polarity: polarityOf(row),
    count: row.n,
    positive: row.positive,
    negative: row.negative,
    share: rateStat(Math.min(row.n, n), n),
  };
}

/** One brand's metrics from its sums and its attribute rows (most frequent first). */
export function metricsOf(
  brandId: string,
  s: StatusSums,
  attrs: readonly PosAttrRow[],
  attributeLimit: number,
): PositioningMetrics {
  return {
    brandId,
    n: s.n,
    recommendationRate: rateStat(s.top + s.recommended, s.n),
    netSentiment: netSentimentInterval(s.positive, s.negative, s.n),
    statusCounts: { top: s.top, recommended: s.recommended, mentioned: s.mentioned, cautioned: s.cautioned },
    sentimentCounts: { positive: s.positive, neutral: s.neutral, negative: s.negative },
    // Scores are kept in thousandths.
    meanScore: meanStat(s.n, s.scoreSum / 1000, s.scoreSq / 1_000_000),
    topAttributes: attrs.slice(0, attributeLimit).map((a) => attributeStat(a, s.n)),
  };
}

export function withChange(
  current: PositioningMetrics,
  previous: PositioningMetrics,
): PositioningMetricsWithChange {
  return {
    ...current,
    previous,
    change: {
      recommendationRate: statChange(current.recommendationRate, previous.recommendationRate),
      netSentiment: statChange(current.netSentiment, previous.netSentiment),
    },
  };
}

/** Rows grouped by a key (insertion order kept). */
export function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}
