import type { StoredPositioning } from '../../../shared/positioning/view-types';

// An answer's positioning in the flat rows of the CSV, the XLSX "Results" sheet and the Markdown
// table: one compact column with every brand named ("Veloxa: top (+0.60); Fleetfoot: cautioned
// (−0.40)"), and the brand names per judgement an analyst filters on (top pick, recommended —
// top picks included —, cautioned), each a "; "-separated list in brand name order.

export interface PositioningColumns {
  positioning: string;
  topPick: string;
  recommended: string;
  cautioned: string;
}

const NONE: PositioningColumns = { positioning: '', topPick: '', recommended: '', cautioned: '' };

const signedScore = (score: number): string =>
  `${score > 0 ? '+' : score < 0 ? '\u2212' : '\u00b1'}${Math.abs(score).toFixed(2)}`;

/** The columns of a row from the reader's positioning JSON (all empty when not scored or naming no tracked brand). */
export function positioningColumns(json: string | undefined): PositioningColumns {
  if (json === undefined || json === 'null' || json === '') return NONE;
  const list = JSON.parse(json) as StoredPositioning[];
  const names = (keep: (p: StoredPositioning) => boolean) =>
    list
      .filter(keep)
      .map((p) => p.brand)
      .join('; ');
  return {
    positioning: list.map((p) => `${p.brand}: ${p.status} (${signedScore(p.sentiment.score)})`).join('; '),
    topPick: names((p) => p.status === 'top'),
    recommended: names((p) => p.status === 'top' || p.status === 'recommended'),
    cautioned: names((p) => p.status === 'cautioned'),
  };
}
