import { ENGINE_NAMES } from '../../../shared/api/engines';
import { hashParts } from '../../core/prng';
import { SURGE_COUNTRIES } from '../drift';
import { brandProfile } from './attributes';

// Positioning events: how a brand's presentation moves for a while, on top of the slow
// tendencies (plan.ts). Drawn per category and week w (days 7w..7w+6) from
// hash(seed, kind, category, w), like the surge and vanish events of drift.ts, over the
// category's global brands:
//
//   sour           (45 % of weeks): in one country (one of SURGE_COUNTRIES; every engine, every
//                  US state) the brand is cautioned in every answer naming it, with its usual
//                  drawback, for 7 days from 7w+k, k in 0-6.
//   top-pick       (45 % of weeks): on one engine (every country) the brand ranks first and is
//                  the answer's top pick, for 4-8 days from 7w+k. The engine is assistant-a half
//                  of the time (the one engine every plan has, so every history, the demo's
//                  too, sees these), else one of the other engines with an answer text.
//   attribute-gain (25 % of weeks): everywhere, the brand is described with one quality of its
//                  category it is otherwise never given, for 10-14 days from 7w+k;
//   attribute-loss (25 % of weeks): everywhere, the brand's first usual quality is never
//                  written, for 10-14 days from 7w+k.
//
// Precedence where events meet: a vanish (drift.ts) leaves the brand out; a sour event in the
// answer's country wins over a top-pick; a surge of another brand in the answer's country
// outranks a top-pick (surge +3 > the top-pick score > any score without events), so the
// top-pick brand is then second and not the top pick. Sandbox options can add scripted events
// (SandboxOptions.positioningEvents) on top of the scheduled ones.

export type PositioningEventKind = 'sour' | 'top-pick' | 'attribute-gain' | 'attribute-loss';

export interface PositioningEvent {
  kind: PositioningEventKind;
  /** A brand name of the catalog (matched exactly). */
  brand: string;
  /** sour: the country where the brand's tone sours (every engine; every state for US). */
  country?: string;
  /** top-pick: the engine where the brand becomes the top pick (every country). */
  engine?: string;
  /** attribute-gain / attribute-loss: the attribute's canonical key (see attributes-data.ts). */
  attribute?: string;
  /** First and last UTC day numbers (inclusive). */
  fromDay: number;
  toDay: number;
}

/** Engines with an answer text a top-pick event can be on, besides assistant-a. */
export const TOP_PICK_OTHER_ENGINES = ENGINE_NAMES.filter((e) => e !== 'assistant-a' && e !== 'search-news');
/** Events last at most 14 days and start in their week: this week's and the two before can be on. */
const LOOKBACK_WEEKS = 2;

const unit = (h: number): number => (h % 100_000) / 100_000;

/** The positioning events that start in week `week` (days 7w..7w+6) for one category. */
export function scheduledPositioningEvents(
  seed: number,
  categoryId: string,
  brands: readonly string[],
  week: number,
): PositioningEvent[] {
  const out: PositioningEvent[] = [];
  if (brands.length === 0) return out;
  const pick = (h: number): string => brands[(h >>> 7) % brands.length] as string;
  const start = (h: number): number => week * 7 + ((h >>> 3) % 7);

  const sour = hashParts(seed, 'sour', categoryId, week);
  if (unit(sour) < 0.45) {
    const from = start(sour);
    const country = SURGE_COUNTRIES[(sour >>> 11) % SURGE_COUNTRIES.length];
    out.push({ kind: 'sour', brand: pick(sour), country, fromDay: from, toDay: from + 6 });
  }
  const top = hashParts(seed, 'top-pick', categoryId, week);
  if (unit(top) < 0.45) {
    const from = start(top);
    const engine =
      (top >>> 11) % 2 === 0
        ? 'assistant-a'
        : TOP_PICK_OTHER_ENGINES[(top >>> 12) % TOP_PICK_OTHER_ENGINES.length];
    out.push({
      kind: 'top-pick',
      brand: pick(top),
      engine,
      fromDay: from,
      toDay: from + 3 + ((top >>> 15) % 5),
    });
  }
  const attr = hashParts(seed, 'attribute', categoryId, week);
  if (unit(attr) < 0.5) {
    const brand = pick(attr);
    const profile = brandProfile(categoryId, brand);
    const gain = (attr >>> 19) % 2 === 0;
    const attribute = gain
      ? profile.others[(attr >>> 21) % Math.max(1, profile.others.length)]
      : profile.positive[0];
    if (attribute) {
      const from = start(attr);
      out.push({
        kind: gain ? 'attribute-gain' : 'attribute-loss',
        brand,
        attribute: attribute.key,
        fromDay: from,
        toDay: from + 9 + ((attr >>> 15) % 5),
      });
    }
  }
  return out;
}

/** The positioning events of one category active on `day`: the scheduled ones, then the scripted ones. */
export function positioningEventsOn(
  seed: number,
  categoryId: string,
  brands: readonly string[],
  day: number,
  scripted: readonly PositioningEvent[] = [],
): PositioningEvent[] {
  const out = scheduledActiveOn(seed, categoryId, brands, day).slice();
  for (const e of scripted) if (day >= e.fromDay && day <= e.toDay) out.push(e);
  return out;
}

/** The scheduled events of one category active on `day`, in week order. */
function scheduledActiveOnUncached(
  seed: number,
  categoryId: string,
  brands: readonly string[],
  day: number,
): PositioningEvent[] {
  const week = Math.floor(day / 7);
  const out: PositioningEvent[] = [];
  for (let w = week - LOOKBACK_WEEKS; w <= week; w++) {
    for (const e of scheduledPositioningEvents(seed, categoryId, brands, w)) {
      if (day >= e.fromDay && day <= e.toDay) out.push(e);
    }
  }
  return out;
}

/**
 * Every answer of a category on a day has the same scheduled events, and drawing them hashes
 * three weeks of events each time: they are kept per brand list (the catalog's, in practice),
 * seed, category and day. The events are shared between answers, so they are frozen.
 */
const activeOn = new WeakMap<readonly string[], Map<string, readonly PositioningEvent[]>>();
/** Entries per brand list before its cache starts over (one per seed and day in practice). */
const ACTIVE_ON_CAP = 10_000;

function scheduledActiveOn(
  seed: number,
  categoryId: string,
  brands: readonly string[],
  day: number,
): readonly PositioningEvent[] {
  let byDay = activeOn.get(brands);
  if (!byDay) {
    byDay = new Map();
    activeOn.set(brands, byDay);
  }
  const key = `${seed}\u241f${categoryId}\u241f${day}`;
  let events = byDay.get(key);
  if (!events) {
    events = Object.freeze(
      scheduledActiveOnUncached(seed, categoryId, brands, day).map((e) => Object.freeze(e)),
    );
    if (byDay.size >= ACTIVE_ON_CAP) byDay.clear();
    byDay.set(key, events);
  }
  return events;
}

/** Every scheduled event of one category overlapping days fromDay..toDay, by start day. */
export function positioningEventsBetween(
  seed: number,
  categoryId: string,
  brands: readonly string[],
  fromDay: number,
  toDay: number,
): PositioningEvent[] {
  const out: PositioningEvent[] = [];
  for (let w = Math.floor(fromDay / 7) - LOOKBACK_WEEKS; w <= Math.floor(toDay / 7); w++) {
    for (const e of scheduledPositioningEvents(seed, categoryId, brands, w)) {
      if (e.toDay >= fromDay && e.fromDay <= toDay) out.push(e);
    }
  }
  return out.sort((a, b) => a.fromDay - b.fromDay || a.kind.localeCompare(b.kind));
}

/** Whether the brand's tone is soured in the answer's country (a US state's answers are the US's). */
export function isSoured(events: readonly PositioningEvent[], brand: string, country: string): boolean {
  return events.some((e) => e.kind === 'sour' && e.brand === brand && e.country === country);
}

export function isTopPick(
  events: readonly PositioningEvent[],
  brand: string,
  engine: string,
  country: string,
): boolean {
  return (
    !isSoured(events, brand, country) &&
    events.some((e) => e.kind === 'top-pick' && e.brand === brand && e.engine === engine)
  );
}

export interface AttributeEvents {
  gained: readonly string[];
  lost: readonly string[];
}

/** Most brands of most answers have no attribute event: they share this empty answer. */
const NO_ATTRIBUTE_EVENTS: AttributeEvents = Object.freeze({ gained: [], lost: [] });

export function attributeEvents(events: readonly PositioningEvent[], brand: string): AttributeEvents {
  let gained: string[] | undefined;
  let lost: string[] | undefined;
  for (const e of events) {
    if (e.brand !== brand || !e.attribute) continue;
    if (e.kind === 'attribute-gain') (gained ??= []).push(e.attribute);
    if (e.kind === 'attribute-loss') (lost ??= []).push(e.attribute);
  }
  if (!gained && !lost) return NO_ATTRIBUTE_EVENTS;
  return { gained: gained ?? [], lost: lost ?? [] };
}

/**
 * The score a top-pick event gives its brand on its engine (see drift.ts for the scores):
 * above any score without events (at most 2.2), below any surged score (at least 2.35).
 */
export const TOP_PICK_SCORE = 2.27;
