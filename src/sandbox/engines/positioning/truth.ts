import {
  compileBrandMatcher,
  findBrandMentions,
  type BrandMatcher,
} from '../../../shared/analytics/brand-matcher';
import type { BrandDefinition } from '../../../shared/analytics/brand-types';
import type {
  BrandPositioning,
  Evidence,
  JudgeRef,
  PositioningStatus,
  Sentiment,
} from '../../../shared/positioning/types';
import type { WrittenAttribute } from './attributes';
import { round2, STATUS_PRIORITY } from './units';
import type { WrittenSlot, WrittenUnit } from './written';

// From the units an answer wrote to one positioning per brand: the sandbox's ground truth.
// A brand named in several units takes the strongest status they give it (top, then
// cautioned, then recommended, then mentioned); its evidence is every unit giving it that
// status; its sentiment the mean tone of those units; its attributes every quality any of its
// units attaches to it, in order, once each.

/** Who wrote the positioning: the sandbox's own ground truth (bump the version when templates change). */
export const SANDBOX_JUDGE: JudgeRef = { id: 'sandbox', version: '1' };

/** A brand's positioning as the sandbox wrote it, keyed by the name it writes. */
export interface WrittenPositioning {
  name: string;
  status: PositioningStatus;
  sentiment: Sentiment;
  evidence: Evidence[];
  attributes: WrittenAttribute[];
}

export function sentimentOf(score: number): Sentiment {
  const label = score >= 0.25 ? 'positive' : score <= -0.25 ? 'negative' : 'neutral';
  return { label, score };
}

function combine(
  parts: ReadonlyArray<{ unit: WrittenUnit; slot: WrittenSlot }>,
): Omit<WrittenPositioning, 'name'> {
  const status = parts.reduce<PositioningStatus>(
    (best, p) => (STATUS_PRIORITY[p.slot.status] > STATUS_PRIORITY[best] ? p.slot.status : best),
    'mentioned',
  );
  const carrying = parts.filter((p) => p.slot.status === status);
  const evidence: Evidence[] = [];
  for (const { unit } of carrying)
    if (!evidence.some((e) => e.start === unit.start))
      evidence.push({ text: unit.text, start: unit.start, end: unit.end });
  evidence.sort((a, b) => a.start - b.start);
  const score = round2(carrying.reduce((s, p) => s + p.slot.score, 0) / carrying.length);
  const attributes: WrittenAttribute[] = [];
  for (const { slot } of parts)
    for (const a of slot.attributes)
      if (!attributes.some((x) => x.text === a.text)) attributes.push({ ...a });
  return { status, sentiment: sentimentOf(score), evidence, attributes };
}

function slotsInOrder(units: readonly WrittenUnit[]): Array<{ unit: WrittenUnit; slot: WrittenSlot }> {
  return [...units]
    .sort((a, b) => a.start - b.start)
    .flatMap((unit) => unit.slots.map((slot) => ({ unit, slot })));
}

/** Per written name, in order of first mention. */
export function positioningByName(units: readonly WrittenUnit[]): WrittenPositioning[] {
  const byName = new Map<string, Array<{ unit: WrittenUnit; slot: WrittenSlot }>>();
  for (const part of slotsInOrder(units)) {
    const list = byName.get(part.slot.name) ?? [];
    list.push(part);
    byName.set(part.slot.name, list);
  }
  return [...byName].map(([name, parts]) => ({ name, ...combine(parts) }));
}

const matchers = new WeakMap<readonly BrandDefinition[], BrandMatcher>();

function matcherFor(brands: readonly BrandDefinition[]): BrandMatcher {
  let m = matchers.get(brands);
  if (!m) {
    m = compileBrandMatcher(brands);
    matchers.set(brands, m);
  }
  return m;
}

/**
 * The positioning of each defined brand the units name, in the definitions' order. A
 * definition takes part in a unit when the brand matcher finds one of its names in a brand
 * the unit writes ("Veloxa" in "Veloxa Tempo Elite"); a brand no unit names gets none.
 */
export function positioningFromUnits(
  units: readonly WrittenUnit[],
  brands: readonly BrandDefinition[],
  judge: JudgeRef = SANDBOX_JUDGE,
): BrandPositioning[] {
  if (brands.length === 0) return [];
  const matcher = matcherFor(brands);
  const byId = new Map<string, Array<{ unit: WrittenUnit; slot: WrittenSlot }>>();
  for (const part of slotsInOrder(units)) {
    const ids = new Set(findBrandMentions(matcher, part.slot.label).map((m) => m.brandId));
    for (const id of ids) {
      const list = byId.get(id) ?? [];
      list.push(part);
      byId.set(id, list);
    }
  }
  const out: BrandPositioning[] = [];
  for (const b of brands) {
    const parts = byId.get(b.id);
    if (!parts) continue;
    const { status, sentiment, evidence, attributes } = combine(parts);
    out.push({ brandId: b.id, status, sentiment, evidence, attributes, judge: { ...judge } });
  }
  return out;
}
