import type { PositioningStatus, SentimentLabel } from '../../../shared/positioning/types';
import type { NetSentimentStat, StatusCounts } from '../../../shared/positioning/view-types';

// Positioning numbers as the views write them: net sentiment as a signed score with its
// interval ("+0.34 (+0.21 to +0.46)"), statuses in the analyst's words.

/** The statuses from best to worst: the order of the status bar's segments and of its legend. */
export const STATUS_ORDER: readonly PositioningStatus[] = ['top', 'recommended', 'mentioned', 'cautioned'];

export const STATUS_LABEL: Record<PositioningStatus, string> = {
  top: 'top pick',
  recommended: 'recommended',
  mentioned: 'mentioned',
  cautioned: 'cautioned',
};

export const TONE_LABEL: Record<SentimentLabel, string> = {
  positive: 'positive',
  neutral: 'neutral',
  negative: 'negative',
};

/** "+0.34", "−0.12", "0.00" (a true minus sign, as the changes write it). */
export function signedScore(value: number): string {
  const fixed = Math.abs(value).toFixed(2);
  if (fixed === '0.00') return '0.00';
  return `${value > 0 ? '+' : '−'}${fixed}`;
}

/** "+0.34", or "—" with no answers. */
export function sentimentValue(stat: Pick<NetSentimentStat, 'value'>): string {
  return stat.value === null ? '—' : signedScore(stat.value);
}

/** "(+0.21 to +0.46)", or '' without an interval. */
export function sentimentInterval(stat: Pick<NetSentimentStat, 'lower' | 'upper'>): string {
  if (stat.lower === null || stat.upper === null) return '';
  return `(${signedScore(stat.lower)} to ${signedScore(stat.upper)})`;
}

/** "+0.34 (+0.21 to +0.46)". */
export function formatSentiment(stat: NetSentimentStat): string {
  const interval = sentimentInterval(stat);
  return interval ? `${sentimentValue(stat)} ${interval}` : sentimentValue(stat);
}

/** "12 top pick, 30 recommended, 40 mentioned, 4 cautioned". */
export function statusWords(counts: StatusCounts): string {
  return STATUS_ORDER.map((s) => `${counts[s].toLocaleString('en')} ${STATUS_LABEL[s]}`).join(', ');
}
