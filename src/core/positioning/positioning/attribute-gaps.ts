import type { AttributeGap } from '../../../shared/positioning/view-types';
import type { PosAttrRow } from '../../history';
import { rateStat } from '../../analysis';
import { polarityOf } from './metrics';

// "Which competitors own the attributes you lack": qualities the answers praise competitors for
// (positive attributes) that they rarely or never attach to the focus brand. Shares are over the
// answers naming each brand, so a competitor named in few answers does not win by volume; an
// attribute counts as owned when at least `minShare` of a competitor's answers carry it (and at
// least MIN_COUNT answers), and as lacking when the focus brand's share is under half of it. It
// is significant when the leading competitor's Wilson interval lies above the focus brand's.

const MIN_COUNT = 3;

export function attributeGaps(
  focusId: string,
  rivals: ReadonlySet<string>,
  named: ReadonlyMap<string, number>,
  rows: readonly PosAttrRow[],
  options: { limit: number; minShare: number },
): AttributeGap[] {
  const byAttr = new Map<string, PosAttrRow[]>();
  for (const r of rows) byAttr.set(r.attr, [...(byAttr.get(r.attr) ?? []), r]);
  const focusN = named.get(focusId) ?? 0;
  const gaps: Array<AttributeGap & { lead: number }> = [];
  for (const [attr, list] of byAttr) {
    const total = list.reduce(
      (acc, r) => ({ positive: acc.positive + r.positive, negative: acc.negative + r.negative }),
      {
        positive: 0,
        negative: 0,
      },
    );
    if (polarityOf(total) !== 'positive') continue;
    const focusRow = list.find((r) => r.brandId === focusId);
    const focus = rateStat(Math.min(focusRow?.n ?? 0, focusN), focusN);
    const competitors = list
      .filter((r) => rivals.has(r.brandId) && r.n >= MIN_COUNT)
      .map((r) => ({
        brandId: r.brandId,
        share: rateStat(Math.min(r.n, named.get(r.brandId) ?? 0), named.get(r.brandId) ?? 0),
      }))
      .filter(
        (c) => (c.share.value ?? 0) >= options.minShare && (c.share.value ?? 0) > 2 * (focus.value ?? 0),
      )
      .sort((a, b) => (b.share.value ?? 0) - (a.share.value ?? 0));
    const lead = competitors[0];
    if (lead === undefined) continue;
    gaps.push({
      text: attr,
      polarity: 'positive',
      focus,
      competitors,
      significant: focus.upper !== null && lead.share.lower !== null && lead.share.lower > focus.upper,
      lead: (lead.share.value ?? 0) - (focus.value ?? 0),
    });
  }
  return gaps
    .sort(
      (a, b) =>
        Number(b.significant) - Number(a.significant) || b.lead - a.lead || a.text.localeCompare(b.text),
    )
    .slice(0, options.limit)
    .map(({ lead: _lead, ...gap }) => gap);
}
