import type { PositioningStatus } from '../../../shared/positioning/types';
import { hashParts } from '../../core/prng';
import { smooth } from '../drift';
import {
  attributeByKey,
  brandProfile,
  GENERIC_NEGATIVE,
  GENERIC_POSITIVE,
  type Attribute,
} from './attributes';
import { attributeEvents, isSoured, isTopPick, type PositioningEvent } from './events';
import type { Shape } from './units';

// How one answer presents each brand it names: its status and its qualities, decided before
// any text is written (compose.ts then writes units that say exactly this). Everything is a
// pure function of the answer's inputs, the day and the events, drawn from hashes (never from
// the answer's own random generator, so the ranks, sources and products the sandbox made
// before positioning existed stay the same):
//
// - Tendency per brand, in [-1, 1]: 0.6 × smooth(hash(seed, category, brand), knots every 20
//   days) + 0.4 × smooth(hash(seed, category, engine, country, state, brand), knots every 10
//   days). A low tendency makes cautions and drawbacks likelier, a high one the top pick.
// - Status: the first brand is the top pick with probability 0.55 + 0.25 × tendency (0.3 + 0.25 ×
//   tendency in news and how-tos), always during a top-pick event on the answer's engine;
//   any brand is cautioned with probability 0.05 − 0.12 × tendency (0 to 0.2), always during a
//   sour event in the answer's country; else mentioned (shape- and rank-dependent share, see
//   MENTION_SHARE) or recommended.
// - Qualities: the brand's profile (attributes.ts) first, generic ones after; the second
//   quality is drawn per repeat, so repeats of a day differ a little. A recommended brand gets
//   a drawback with probability 0.15 − 0.3 × tendency (0 to 0.5); a cautioned one always
//   (its usual drawback first during a sour event). Attribute events add or remove one.

export interface PlanContext {
  seed: number;
  engine: string;
  prompt: string;
  country: string;
  state?: string;
  day: number;
  repeat: number;
  /** The answer's key (hash of its inputs and day). */
  key: number;
  categoryId: string;
  events: readonly PositioningEvent[];
}

export interface PlannedBrand {
  name: string;
  /** How list items and table rows write it (with the product line for catalog brands). */
  label: string;
  /** How sentences write it. */
  short: string;
  entrant: boolean;
  status: PositioningStatus;
  positives: Attribute[];
  negatives: Attribute[];
}

export function tendency(ctx: PlanContext, name: string): number {
  const global = hashParts(ctx.seed, 'tone', ctx.categoryId, name);
  const local = hashParts(ctx.seed, 'tone-local', ctx.categoryId, ctx.engine, ctx.country, ctx.state, name);
  return 0.6 * smooth(global, ctx.day, 20) + 0.4 * smooth(local, ctx.day, 10);
}

/**
 * The i-th 32-bit draw from one hash (a murmur3 finalizer of h + i × the golden ratio): each
 * brand of an answer hashes its inputs once and takes its draws from there, cheaply.
 */
function mixed(h: number, i: number): number {
  let x = (h + Math.imul(i + 1, 0x9e3779b9)) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}
const draw = (h: number, i: number): number => mixed(h, i) / 4_294_967_296;
/** Draw indexes. */
const TOP = 0;
const CAUTION = 1;
const MENTION = 2;
const DRAWBACK = 3;
const QUALITIES = 4;
/** The second quality: one draw per repeat, from this index on. */
const SECOND = 5;

/** What one brand of one answer draws from: its tendency and the hash of the answer's key and its name. */
interface Draws {
  t: number;
  h: number;
}

const clamp = (x: number, lo: number, hi: number): number => Math.max(lo, Math.min(hi, x));

/** Share of brands merely mentioned, by shape, rank and list length. */
function mentionShare(shape: Shape, rank: number, count: number): number {
  const tail = rank >= count - 2;
  switch (shape) {
    case 'ranked':
      return tail ? 0.25 : 0.05;
    case 'table':
      return tail ? 0.2 : 0;
    case 'comparison':
      return rank < 2 ? 0 : 0.15;
    case 'news':
      return 0.7;
    case 'howto':
      return 0.35;
  }
}

function statusOf(
  ctx: PlanContext,
  shape: Shape,
  name: string,
  rank: number,
  count: number,
  d: Draws,
): PositioningStatus {
  if (isSoured(ctx.events, name, ctx.country)) return 'cautioned';
  if (rank === 0) {
    if (isTopPick(ctx.events, name, ctx.engine, ctx.country)) return 'top';
    const base = shape === 'news' || shape === 'howto' ? 0.3 : 0.55;
    if (draw(d.h, TOP) < base + 0.25 * d.t) return 'top';
  }
  if (draw(d.h, CAUTION) < clamp(0.05 - 0.12 * d.t, 0, 0.2)) return 'cautioned';
  if (draw(d.h, MENTION) < mentionShare(shape, rank, count)) return 'mentioned';
  return 'recommended';
}

function drawFrom(pool: readonly Attribute[], h: number, not: readonly Attribute[] = []): Attribute | null {
  const left = pool.filter((a) => !not.includes(a));
  return left.length > 0 ? (left[h % left.length] as Attribute) : null;
}

function qualities(
  ctx: PlanContext,
  name: string,
  status: PositioningStatus,
  entrant: boolean,
  d: Draws,
): { positives: Attribute[]; negatives: Attribute[] } {
  const profile = entrant
    ? { positive: [], negative: null, neutral: null, others: [] }
    : brandProfile(ctx.categoryId, name);
  const { gained, lost } = attributeEvents(ctx.events, name);
  const kept = (a: Attribute | null): a is Attribute => a !== null && !lost.includes(a.key);
  const own = profile.positive.filter(kept);
  const h = mixed(d.h, QUALITIES);
  const want = { top: 2, recommended: 1 + (h % 2), cautioned: 1, mentioned: 0 }[status];
  const positives: Attribute[] = [];
  if (want > 0) {
    const first = ((h >>> 5) % 10 < 7 ? drawFrom(own, h >>> 9) : null) ?? drawFrom(GENERIC_POSITIVE, h >>> 9);
    if (first) positives.push(first);
  }
  if (want > 1) {
    // The second quality is drawn per repeat: repeats of one day describe a brand a little differently.
    const pool =
      (h >>> 13) % 5 === 0 && kept(profile.neutral) ? [profile.neutral] : [...own, ...GENERIC_POSITIVE];
    const second = drawFrom(pool, mixed(d.h, SECOND + ctx.repeat), positives);
    if (second) positives.push(second);
  }
  const negatives: Attribute[] = [];
  const t = d.t;
  const soured = isSoured(ctx.events, name, ctx.country);
  const drawback =
    status === 'cautioned' ||
    (status === 'recommended' && draw(d.h, DRAWBACK) < clamp(0.15 - 0.3 * t, 0, 0.5));
  if (drawback) {
    const usual = soured || (h >>> 17) % 10 < 6 ? profile.negative : null;
    const one = usual ?? drawFrom(GENERIC_NEGATIVE, h >>> 21);
    if (one) negatives.push(one);
    if (status === 'cautioned' && t < 0) {
      const two = drawFrom([profile.negative, ...GENERIC_NEGATIVE].filter(kept), h >>> 23, negatives);
      if (two) negatives.push(two);
    }
  }
  for (const key of gained) {
    const a = attributeByKey(key);
    if (!a) continue;
    const list = a.polarity === 'negative' ? negatives : positives;
    if (!list.includes(a)) list.unshift(a);
    if (a.polarity !== 'negative' && positives.length > Math.max(want, 1)) positives.pop();
  }
  return { positives, negatives };
}

/** The plan of every brand an answer names, ranked brands first, then newcomers. */
export function planBrands(
  ctx: PlanContext,
  shape: Shape,
  ranked: ReadonlyArray<{ name: string; product: string }>,
  entrants: ReadonlyArray<{ name: string }>,
): PlannedBrand[] {
  const out: PlannedBrand[] = ranked.map((b, rank) => {
    const d = { t: tendency(ctx, b.name), h: hashParts(ctx.key, 'brand', b.name) };
    const status = statusOf(ctx, shape, b.name, rank, ranked.length, d);
    const label = b.product ? `${b.name} ${b.product}` : b.name;
    const written = qualities(ctx, b.name, status, false, d);
    return { name: b.name, label, short: b.name, entrant: false, status, ...written };
  });
  for (const e of entrants) {
    // Newcomers have no tendency yet: recommended in lists, mentioned in news and some how-tos.
    const d = { t: 0, h: hashParts(ctx.key, 'brand', e.name) };
    const mentioned = shape === 'news' || (shape === 'howto' && draw(d.h, MENTION) < 0.5);
    const status: PositioningStatus = mentioned ? 'mentioned' : 'recommended';
    const written = qualities(ctx, e.name, status, true, d);
    out.push({ name: e.name, label: e.name, short: e.name, entrant: true, status, ...written });
  }
  return out;
}

/** Answer shapes by engine (weights sum to 1), when the prompt does not ask for one. */
const SHAPE_WEIGHTS: Readonly<Record<string, ReadonlyArray<readonly [Shape, number]>>> = {
  'assistant-a': [
    ['ranked', 0.45],
    ['table', 0.2],
    ['comparison', 0.2],
    ['howto', 0.1],
    ['news', 0.05],
  ],
  'assistant-b': [
    ['ranked', 0.35],
    ['comparison', 0.25],
    ['table', 0.15],
    ['howto', 0.15],
    ['news', 0.1],
  ],
  'assistant-c': [
    ['ranked', 0.3],
    ['howto', 0.25],
    ['comparison', 0.2],
    ['news', 0.15],
    ['table', 0.1],
  ],
  'assistant-d': [
    ['ranked', 0.4],
    ['table', 0.25],
    ['comparison', 0.15],
    ['howto', 0.1],
    ['news', 0.1],
  ],
  'assistant-e': [
    ['ranked', 0.5],
    ['comparison', 0.2],
    ['howto', 0.15],
    ['table', 0.1],
    ['news', 0.05],
  ],
  'search-news': [['news', 1]],
};
const SEARCH_WEIGHTS: ReadonlyArray<readonly [Shape, number]> = [
  ['ranked', 0.3],
  ['news', 0.25],
  ['howto', 0.2],
  ['comparison', 0.15],
  ['table', 0.1],
];

const HOWTO = [
  'how to',
  'how do i',
  'guide',
  ' wie ',
  'comment ',
  'cómo ',
  ' come ',
  ' como ',
  ' как ',
  '選び方',
];
const COMPARE = [' vs ', ' vs. ', 'versus', 'compar', 'vergleich', 'сравн', '比較'];
const NEWS = [' news', 'nachrichten', 'actualit', 'noticias', 'notizie', 'notícias', 'новост', 'ニュース'];

/** The shape of an engine's answers to a prompt: what the prompt asks for, else the engine's habit. */
export function shapeOf(seed: number, engine: string, prompt: string): Shape {
  const p = ` ${prompt.toLowerCase()} `;
  const asks = (words: readonly string[]): boolean => words.some((w) => p.includes(w));
  if (asks(HOWTO)) return 'howto';
  if (asks(COMPARE)) return 'comparison';
  if (asks(NEWS)) return 'news';
  const weights = SHAPE_WEIGHTS[engine] ?? SEARCH_WEIGHTS;
  let u = draw(hashParts(seed, 'shape', engine, prompt), 0);
  for (const [shape, w] of weights) {
    if (u < w) return shape;
    u -= w;
  }
  return 'ranked';
}
