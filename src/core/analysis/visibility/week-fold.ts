import type { VisBrandRow, VisCellRow } from '../../history';
import { mondayOfDayNumber as mondayOf } from '../../../shared/calendar-week';

// Day roll-ups folded into weeks: the store sums per day, and sums add up, so a week's rates
// and positions are computed from its days' sums exactly as a day's are (never an average of
// daily rates). A week is keyed by its Monday, as the app's Over time charts key them.

function keyOf(row: Omit<VisCellRow, 'answers'>): string {
  return [row.day, row.run, row.engine, row.loc, row.prompt].map(String).join('\u0001');
}

export function foldCellsByWeek(cells: readonly VisCellRow[]): VisCellRow[] {
  const out = new Map<string, VisCellRow>();
  for (const c of cells) {
    const week = { ...c, day: c.day === undefined ? undefined : mondayOf(c.day) };
    const k = keyOf(week);
    const seen = out.get(k);
    if (seen) seen.answers += c.answers;
    else out.set(k, week);
  }
  return [...out.values()];
}

export function foldBrandsByWeek(rows: readonly VisBrandRow[]): VisBrandRow[] {
  const out = new Map<string, VisBrandRow>();
  for (const r of rows) {
    const week = { ...r, day: r.day === undefined ? undefined : mondayOf(r.day) };
    const k = `${keyOf(week)}\u0001${r.brandId}`;
    const seen = out.get(k);
    if (!seen) {
      out.set(k, week);
      continue;
    }
    seen.mentioned += r.mentioned;
    seen.cited += r.cited;
    seen.ranked += r.ranked;
    seen.rankSum += r.rankSum;
    seen.rankSq += r.rankSq;
    seen.mentions += r.mentions;
  }
  return [...out.values()];
}
