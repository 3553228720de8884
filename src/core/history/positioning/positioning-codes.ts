import type { BrandAttribute, PositioningStatus, SentimentLabel } from '../../../shared/positioning/types';

// How a positioning is kept in pos_brand (migration 012): small integers for the status and the
// tone, the score in thousandths, evidence as flat UTF-16 offsets and attributes as flat
// [dictionary id, polarity] pairs, both JSON arrays SQLite can read (the JSON export does).

export const STATUS_CODES: readonly PositioningStatus[] = ['top', 'recommended', 'mentioned', 'cautioned'];
export const SENTIMENT_CODES: Readonly<Record<SentimentLabel, number>> = {
  negative: -1,
  neutral: 0,
  positive: 1,
};
const LABELS: readonly SentimentLabel[] = ['negative', 'neutral', 'positive'];

export const statusCode = (s: PositioningStatus): number => STATUS_CODES.indexOf(s);
export const statusOfCode = (c: number): PositioningStatus => STATUS_CODES[c] ?? 'mentioned';
export const sentimentOfCode = (c: number): SentimentLabel => LABELS[c + 1] ?? 'neutral';
export const polarityCode = (p: BrandAttribute['polarity']): number => SENTIMENT_CODES[p];
export const polarityOfCode = (c: number): BrandAttribute['polarity'] => sentimentOfCode(c);

/** A score -1..1 as thousandths (what the roll-ups sum exactly). */
export const scoreMilli = (score: number): number =>
  Math.max(-1000, Math.min(1000, Math.round((Number.isFinite(score) ? score : 0) * 1000)));

/** One pos_brand row's values, as written and compared (everything but seq and judge). */
export interface StoredBrandRow {
  brand: number;
  status: number;
  sentiment: number;
  score: number;
  /** JSON [start, end, …] or null. */
  evidence: string | null;
  /** JSON [attr, polarity, …] or null. */
  attrs: string | null;
}

/** Flat JSON of number pairs, null when empty. */
export function pairsJson(values: readonly number[]): string | null {
  return values.length === 0 ? null : JSON.stringify(values);
}

/** The numbers of a flat JSON array (an unreadable value gives none). */
export function parsePairs(text: string | null): number[] {
  if (text === null) return [];
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [];
  } catch {
    return [];
  }
}

/** The attribute ids of a stored row with their polarity codes. */
export function attrPairs(text: string | null): Array<[attr: number, polarity: number]> {
  const flat = parsePairs(text);
  const out: Array<[number, number]> = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push([flat[i] as number, flat[i + 1] as number]);
  return out;
}

export function sameRow(a: StoredBrandRow, b: StoredBrandRow): boolean {
  return (
    a.brand === b.brand &&
    a.status === b.status &&
    a.sentiment === b.sentiment &&
    a.score === b.score &&
    a.evidence === b.evidence &&
    a.attrs === b.attrs
  );
}

/** The status-family values one row adds (sign +1) or takes out (-1). */
export function statusValues(row: StoredBrandRow, sign: number): number[] {
  const v = [sign, 0, 0, 0, 0, 0, 0, 0, sign * row.score, sign * row.score * row.score];
  v[1 + row.status] = sign;
  v[6 - row.sentiment] = sign; // positive 5, neutral 6, negative 7
  return v;
}

/** The attr-family values of one attribute of a row. */
export function attrValues(polarity: number, sign: number): number[] {
  return [sign, polarity > 0 ? sign : 0, polarity < 0 ? sign : 0];
}
