import type { MetricSeries, SeriesPoint } from './time-series';

export interface Move {
  /** Brand id or domain. */
  key: string;
  from: number;
  to: number;
  /** to − from. For ranks and positions, negative means moved up. */
  delta: number;
}

export interface PointChanges {
  from: string;
  to: string;
  /** Brands mentioned in at least one result at `to` and in none at `from`, and the reverse. */
  brandsEntered: string[];
  brandsLeft: string[];
  /** Domains cited in at least one result at `to` and in none at `from`, and the reverse. */
  domainsEntered: string[];
  domainsLeft: string[];
  /** Average first-mention rank of brands mentioned at both points, where it changed; biggest move first. */
  brandRankMoves: Move[];
  /** Mention rate of every brand whose rate changed (also those entering or leaving); biggest change first. */
  mentionRateChanges: Move[];
  /** Mean best position of domains cited at both points, where it changed; biggest move first. */
  sourcePositionMoves: Move[];
}

function byMagnitude(a: Move, b: Move): number {
  return Math.abs(b.delta) - Math.abs(a.delta) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

/** What changed from one point of a series to another (for example two dates). */
export function whatChanged(from: SeriesPoint, to: SeriesPoint): PointChanges {
  const fromBrands = new Map(from.brands.map((b) => [b.brandId, b]));
  const toBrands = new Map(to.brands.map((b) => [b.brandId, b]));
  const brandIds = [...new Set([...fromBrands.keys(), ...toBrands.keys()])];
  const mentionedAt = (m: Map<string, SeriesPoint['brands'][number]>, id: string): boolean =>
    (m.get(id)?.mentionedIn ?? 0) > 0;

  const brandRankMoves: Move[] = [];
  const mentionRateChanges: Move[] = [];
  for (const id of brandIds) {
    const a = fromBrands.get(id);
    const b = toBrands.get(id);
    const ra = a?.averageFirstRank ?? null;
    const rb = b?.averageFirstRank ?? null;
    if (ra !== null && rb !== null && ra !== rb)
      brandRankMoves.push({ key: id, from: ra, to: rb, delta: rb - ra });
    const ma = a?.mentionRate ?? 0;
    const mb = b?.mentionRate ?? 0;
    if (ma !== mb) mentionRateChanges.push({ key: id, from: ma, to: mb, delta: mb - ma });
  }

  const fromDomains = new Map(from.domains.map((d) => [d.domain, d]));
  const toDomains = new Map(to.domains.map((d) => [d.domain, d]));
  const sourcePositionMoves: Move[] = [];
  for (const [domain, b] of toDomains) {
    const a = fromDomains.get(domain);
    if (a !== undefined && a.meanBestPosition !== b.meanBestPosition) {
      sourcePositionMoves.push({
        key: domain,
        from: a.meanBestPosition,
        to: b.meanBestPosition,
        delta: b.meanBestPosition - a.meanBestPosition,
      });
    }
  }

  return {
    from: from.at,
    to: to.at,
    brandsEntered: brandIds.filter((id) => !mentionedAt(fromBrands, id) && mentionedAt(toBrands, id)),
    brandsLeft: brandIds.filter((id) => mentionedAt(fromBrands, id) && !mentionedAt(toBrands, id)),
    domainsEntered: [...toDomains.keys()].filter((d) => !fromDomains.has(d)),
    domainsLeft: [...fromDomains.keys()].filter((d) => !toDomains.has(d)),
    brandRankMoves: brandRankMoves.sort(byMagnitude),
    mentionRateChanges: mentionRateChanges.sort(byMagnitude),
    sourcePositionMoves: sourcePositionMoves.sort(byMagnitude),
  };
}

/** whatChanged between two buckets of a series; null when either date has no point. */
export function whatChangedBetween(series: MetricSeries, fromAt: string, toAt: string): PointChanges | null {
  const a = series.points.find((p) => p.at === fromAt);
  const b = series.points.find((p) => p.at === toAt);
  return a === undefined || b === undefined ? null : whatChanged(a, b);
}
