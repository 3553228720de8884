import { ENGINE_NAMES } from '../../shared/api/engines';
import { hashParts } from '../core/prng';

// How synthetic answers move with time. Everything here is a pure function of the seed, the
// inputs and the UTC day number of the sandbox clock (day = floor(ms / 86,400,000)), so the
// same day, inputs and repeat index give a byte-identical answer on any machine, and a
// history built over past days (the demo) looks like real monitoring:
//
// - Brand score (higher ranks first; the answer lists the top 5-7 candidates):
//     base    hash(seed, engine, category, country, state, brand) in [0,1)
//   + 0.3     for a local brand of the country's region
//   + prompt  0.25 × hash(seed, prompt, brand) in [0,1): prompts of one category differ
//   + trend   0.35 × smooth(hash(seed, category, brand), knots every 24 days): one brand's
//             momentum, shared by every country and engine (so aggregate visibility moves)
//   + local   0.20 × smooth(hash(seed, category, engine, country, state, brand), knots every 9 days)
//             + 0.10 × sin(2π·day / P + φ), P in 25-44 days and φ from the same hash
//   smooth() is value noise: a hash value in [-1, 1] at every knot, cosine-interpolated
//   between knots, so ranks drift smoothly day to day and brands cross the list's cut-off
//   (enter and drop out) over one to a few weeks.
// - Events, drawn per category and week w (days 7w..7w+6) from hash(seed, kind, category, w):
//     surge  (60 % of weeks): one global brand gets +3 (ranks first) in one country (one of
//            SURGE_COUNTRIES, every engine, and every state for US) for 7 days from 7w+k, k in 0-6;
//     vanish (50 % of weeks): one global brand is left out of every answer of one engine (all
//            countries) for 3-6 days from 7w+k.
//   Sandbox options may add scripted events (SandboxOptions.driftEvents) on top.
// - Cited publishers: each answer cites its top publishers by
//     hash(seed, engine, country, publisher) + 0.5 × hash(seed, prompt, publisher)
//     + 0.6 × smooth(hash(seed, country, publisher), knots every 12 days),
//   over the language's six publishers plus ROTATING_PUBLISHERS, each of which is in
//   circulation in a country only while smooth(hash(seed, country, publisher), 20-day knots)
//   > 0.2 (about a third of the time, in stretches of weeks). Article URLs change edition
//   every 21 days (offset per host), so URLs churn too.
// - Repeats on one day keep the same brands, but vary as real engines do: one sentence, the
//   order of two sources and, from the second call on, the cited sources: repeat r ≥ 1 draws
//   its number of sources (5-8) again and drops one of its two lowest-ranked publishers for one
//   of the next three uncited ones, all from hash(answer key, r) (so repeats differ among
//   themselves too, and the same repeat index always gives the same answer). Without this,
//   repeats of one day would cite identical domains and ordinary day-to-day churn would look
//   significant next to them.
// - The answer's own generator (reasons, dates, sentence variant) is seeded with the day too.

export const DAY_MS = 86_400_000;

export function dayNumber(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

export interface DriftEvent {
  kind: 'surge' | 'vanish';
  /** A brand name of the catalog (matched exactly). */
  brand: string;
  /** surge: the country where the brand surges (every engine; every state for US). */
  country?: string;
  /** vanish: the engine the brand vanishes from (every country). */
  engine?: string;
  /** First and last UTC day numbers (inclusive). */
  fromDay: number;
  toDay: number;
}

export const SURGE_COUNTRIES = ['US', 'GB', 'DE', 'FR', 'JP', 'ES', 'IT', 'BR', 'CA', 'AU'] as const;
export const ROTATING_PUBLISHERS = [
  'gearverdict',
  'smartbuyer',
  'testbench',
  'reviewradar',
  'buyersdigest',
  'insiderpicks',
  'labtested',
  'choicecompass',
] as const;

const SURGE_BOOST = 3;
const unit = (h: number): number => (h % 100_000) / 100_000;

/** Value noise in [-1, 1]: hashed knots every `period` days, cosine-interpolated. */
export function smooth(key: number, day: number, period: number): number {
  const x = day / period;
  const i = Math.floor(x);
  const t = x - i;
  const a = unit(hashParts(key, i)) * 2 - 1;
  const b = unit(hashParts(key, i + 1)) * 2 - 1;
  const s = (1 - Math.cos(Math.PI * t)) / 2;
  return a + (b - a) * s;
}

export interface BrandDriftInput {
  seed: number;
  engine: string;
  prompt: string;
  country: string;
  state?: string;
  categoryId: string;
  day: number;
}

/** What time adds to a brand's score (see the model above), without events. */
export function brandDrift(input: BrandDriftInput, brand: string): number {
  const { seed, engine, prompt, country, state, categoryId, day } = input;
  const global = hashParts(seed, 'trend', categoryId, brand);
  const local = hashParts(seed, 'local', categoryId, engine, country, state, brand);
  const period = 25 + (local % 20);
  const phase = ((local >>> 8) % 628) / 100;
  return (
    0.25 * unit(hashParts(seed, 'prompt', prompt, brand)) +
    0.35 * smooth(global, day, 24) +
    0.2 * smooth(local, day, 9) +
    0.1 * Math.sin((2 * Math.PI * day) / period + phase)
  );
}

/** The events of one category active on `day`: the scheduled ones, then the scripted ones. */
export function eventsOn(
  seed: number,
  categoryId: string,
  brands: readonly string[],
  day: number,
  scripted: readonly DriftEvent[] = [],
): DriftEvent[] {
  const week = Math.floor(day / 7);
  const out: DriftEvent[] = [];
  // An event starts in its week and lasts at most 7 days: this week's and last week's can be on.
  for (const w of [week - 1, week]) {
    for (const e of scheduledEvents(seed, categoryId, brands, w)) {
      if (day >= e.fromDay && day <= e.toDay) out.push(e);
    }
  }
  for (const e of scripted) if (day >= e.fromDay && day <= e.toDay) out.push(e);
  return out;
}

/** The events that start in week `week` (days 7w..7w+6) for one category. */
export function scheduledEvents(
  seed: number,
  categoryId: string,
  brands: readonly string[],
  week: number,
): DriftEvent[] {
  const out: DriftEvent[] = [];
  if (brands.length === 0) return out;
  const surge = hashParts(seed, 'surge', categoryId, week);
  if (unit(surge) < 0.6) {
    const from = week * 7 + ((surge >>> 3) % 7);
    out.push({
      kind: 'surge',
      brand: brands[(surge >>> 7) % brands.length] as string,
      country: SURGE_COUNTRIES[(surge >>> 11) % SURGE_COUNTRIES.length],
      fromDay: from,
      toDay: from + 6,
    });
  }
  const vanish = hashParts(seed, 'vanish', categoryId, week);
  if (unit(vanish) < 0.5) {
    const from = week * 7 + ((vanish >>> 3) % 7);
    out.push({
      kind: 'vanish',
      brand: brands[(vanish >>> 7) % brands.length] as string,
      engine: ENGINE_NAMES[(vanish >>> 11) % ENGINE_NAMES.length],
      fromDay: from,
      toDay: from + 2 + ((vanish >>> 15) % 4),
    });
  }
  return out;
}

/** What the active events do to a brand's score: +3 on a surge here, -Infinity when it vanished here. */
export function eventEffect(
  events: readonly DriftEvent[],
  brand: string,
  engine: string,
  country: string,
): number {
  let effect = 0;
  for (const e of events) {
    if (e.brand !== brand) continue;
    if (e.kind === 'vanish' && e.engine === engine) return Number.NEGATIVE_INFINITY;
    if (e.kind === 'surge' && e.country === country) effect += SURGE_BOOST;
  }
  return effect;
}

export interface PublisherInput {
  seed: number;
  engine: string;
  prompt: string;
  country: string;
  day: number;
}

/** The publishers an answer cites on `day`, best first (see the model above). */
export function publishersOn(input: PublisherInput, languagePublishers: readonly string[]): string[] {
  const { seed, engine, prompt, country, day } = input;
  const score = (p: string): number =>
    unit(hashParts(seed, 'pub', engine, country, p)) +
    0.5 * unit(hashParts(seed, 'pub-prompt', prompt, p)) +
    0.6 * smooth(hashParts(seed, 'pub-trend', country, p), day, 12);
  const rotating = ROTATING_PUBLISHERS.filter(
    (p) => smooth(hashParts(seed, 'pub-window', country, p), day, 20) > 0.2,
  );
  return [...languagePublishers, ...rotating]
    .map((p) => ({ p, s: score(p) }))
    .sort((a, b) => b.s - a.s || (a.p < b.p ? -1 : 1))
    .map((x) => x.p);
}

/** Article edition of a host on `day`: URLs change every 21 days, at a different day per host. */
export function editionOf(host: string, day: number): number {
  return Math.floor((day + (hashParts('edition', host) % 21)) / 21);
}

/**
 * The publisher each source slot cites in repeat `repeat` of an answer (see the model above):
 * `slots` are the publisher ranks the answer cites (best first); repeat 0 cites them as they
 * are, a later repeat swaps one of the two lowest-ranked for one of the next three uncited.
 */
export function repeatPublishers(
  ranked: readonly string[],
  slots: readonly number[],
  key: number,
  repeat: number,
): Map<number, string> {
  const cited = new Map(slots.map((rank) => [rank, ranked[rank % ranked.length] as string]));
  if (repeat === 0 || slots.length === 0) return cited;
  const names = new Set(cited.values());
  const bench = ranked.filter((p) => !names.has(p)).slice(0, 3);
  if (bench.length === 0) return cited;
  const h = hashParts(key, 'repeat-publisher', repeat);
  const lowest = [...slots].sort((a, b) => b - a).slice(0, 2);
  const drop = lowest[h % lowest.length] as number;
  cited.set(drop, bench[(h >>> 8) % bench.length] as string);
  return cited;
}
