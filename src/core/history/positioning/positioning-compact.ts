import type { BrandPositioning } from '../../../shared/positioning/types';
import {
  pairsJson,
  polarityCode,
  SENTIMENT_CODES,
  scoreMilli,
  statusCode,
  type StoredBrandRow,
} from './positioning-codes';
import type { PositioningKeys } from './positioning-keys';
import type { JudgeVerdict } from './positioning-rows';

// A judge's verdict in the form it is stored, less the two dictionary lookups only the writer's
// connection can make (the brand's key, each attribute's id). The re-score's judge threads encode
// their verdicts so (positioning-worker.ts) and send a slice's back as ONE JSON string: about a
// quarter of the bytes of the verdict objects (the evidence texts are not stored: only their
// offsets are), and a string is copied between threads, not walked and rebuilt object by object
// as a structured clone is (measured: 4x less CPU to send back, and far less garbage).

/** [brand id, status code, tone code, score in thousandths, evidence JSON, [attribute, polarity code, …]]. */
export type CompactRow = [
  brandId: string,
  status: number,
  sentiment: number,
  score: number,
  evidence: string | null,
  attrs: Array<string | number>,
];

/** One answer's verdict: its rows, or why it was not scored. */
export type CompactVerdict = CompactRow[] | { notScored: string };

/** A batch's verdicts as the judge threads sent them (one per answer, in order). */
export interface CompactVerdicts {
  compact: readonly CompactVerdict[];
}

/** Verdicts as objects (an in-process or model judge) or compact (the judge threads). */
export type RescoreVerdicts = readonly JudgeVerdict[] | CompactVerdicts;

export const isNotScored = (v: JudgeVerdict): v is { notScored: string } => !Array.isArray(v);

export const verdictCount = (v: RescoreVerdicts): number => ('compact' in v ? v.compact.length : v.length);

/** A judge's positionings in the compact form (no dictionary needed: runs on a judge thread). */
export function compactRows(list: readonly BrandPositioning[]): CompactRow[] {
  return list.map((p) => [
    p.brandId,
    statusCode(p.status),
    SENTIMENT_CODES[p.sentiment.label],
    scoreMilli(p.sentiment.score),
    pairsJson(p.evidence.flatMap((e) => [e.start, e.end])),
    p.attributes.flatMap((a) => [a.text, polarityCode(a.polarity)]),
  ]);
}

export function compactVerdict(v: JudgeVerdict): CompactVerdict {
  return isNotScored(v) ? { notScored: v.notScored } : compactRows(v);
}

/**
 * Compact rows as stored rows: the brand's key and each attribute's id from the dictionaries,
 * a brand's first row kept, an attribute's first polarity kept, sorted by brand key.
 */
export function storedRows(keys: PositioningKeys, list: readonly CompactRow[]): StoredBrandRow[] {
  const rows = new Map<number, StoredBrandRow>();
  for (const [brandId, status, sentiment, score, evidence, flat] of list) {
    const brand = keys.brand(brandId);
    if (rows.has(brand)) continue;
    const attrs: number[] = [];
    const seen = new Set<number>();
    for (let i = 0; i + 1 < flat.length; i += 2) {
      const id = keys.attr(flat[i] as string);
      if (seen.has(id)) continue;
      seen.add(id);
      attrs.push(id, flat[i + 1] as number);
    }
    rows.set(brand, { brand, status, sentiment, score, evidence, attrs: pairsJson(attrs) });
  }
  return [...rows.values()].sort((a, b) => a.brand - b.brand);
}
