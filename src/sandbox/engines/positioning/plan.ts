import type { PositioningStatus } from '../../../shared/positioning/types';
import { hashParts, hashPartsAfter, hashPrefix } from '../../core/prng';
import { smooth } from '../drift';
import {
  attributeByKey,
  attributeList,
  brandProfile,
  sharedAttributeList,
  type BrandProfile,
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
  /** Shared lists (see attributeList): never changed once planned. */
  positives: readonly Attribute[];
  negatives: readonly Attribute[];
}

export function tendency(ctx: PlanContext, name: string): number {
  return tendencyOf(answerHashes(ctx), ctx.day, name);
}

/**
 * The hashes of an answer's brands all start with the same parts (the answer's inputs) and end
 * with the brand's name: the common start is hashed once an answer, each brand adds its name.
 */
interface AnswerHashes {
  /** hash(seed, 'tone', category, …) */
  tone: number;
  /** hash(seed, 'tone-local', category, engine, country, state, …) */
  toneLocal: number;
  /** hash(key, 'brand', …): where a brand's draws come from. */
  brand: number;
}

function answerHashes(ctx: PlanContext): AnswerHashes {
  return {
    tone: hashPrefix(ctx.seed, 'tone', ctx.categoryId),
    toneLocal: hashPrefix(ctx.seed, 'tone-local', ctx.categoryId, ctx.engine, ctx.country, ctx.state),
    brand: hashPrefix(ctx.key, 'brand'),
  };
}

function tendencyOf(hashes: AnswerHashes, day: number, name: string): number {
  const global = hashPartsAfter(hashes.tone, name);
  const local = hashPartsAfter(hashes.toneLocal, name);
  return 0.6 * GLOBAL_TONE.on(global, day) + 0.4 * LOCAL_TONE.on(local, day);
}

/**
 * `smooth(hash, day, period)` kept per day and hash: a brand's tone on a day is the same in
 * every answer of that day that names it (the global tone in every engine and country, the
 * local one for every prompt of the category), and each costs two hashes of its knots.
 */
class DailySmooth {
  private readonly byDay = new Map<number, Map<number, number>>();
  private count = 0;

  constructor(private readonly period: number) {}

  on(hash: number, day: number): number {
    let ofDay = this.byDay.get(day);
    if (!ofDay) {
      ofDay = new Map();
      this.byDay.set(day, ofDay);
    }
    let value = ofDay.get(hash);
    if (value === undefined) {
      value = smooth(hash, day, this.period);
      // A bound on memory: start over after this many days × brands.
      if (++this.count > 100_000) {
        this.byDay.clear();
        this.count = 0;
      }
      ofDay.set(hash, value);
    }
    return value;
  }
}
const GLOBAL_TONE = new DailySmooth(20);
const LOCAL_TONE = new DailySmooth(10);

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
  /** Whether a sour event cautions the brand in the answer's country. */
  soured: boolean;
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
  if (d.soured) return 'cautioned';
  if (rank === 0) {
    if (isTopPick(ctx.events, name, ctx.engine, ctx.country)) return 'top';
    const base = shape === 'news' || shape === 'howto' ? 0.3 : 0.55;
    if (draw(d.h, TOP) < base + 0.25 * d.t) return 'top';
  }
  if (draw(d.h, CAUTION) < clamp(0.05 - 0.12 * d.t, 0, 0.2)) return 'cautioned';
  if (draw(d.h, MENTION) < mentionShare(shape, rank, count)) return 'mentioned';
  return 'recommended';
}

/** The (h mod n)-th of the n attributes of the pool other than `not`, or null when none is left. */
function drawFrom(pool: readonly Attribute[], h: number, not: Attribute | null = null): Attribute | null {
  let left = 0;
  for (const a of pool) if (a !== not) left++;
  if (left === 0) return null;
  let i = h % left;
  for (const a of pool) if (a !== not && i-- === 0) return a;
  return null;
}

/** Whether an attribute of the brand's profile is written: one it has, and no attribute-loss event took. */
function isKept(a: Attribute | null, lost: readonly string[]): a is Attribute {
  return a !== null && !lost.includes(a.key);
}

/** How many positive qualities a status writes (a recommended brand one or two, by the draw). */
function positivesWanted(status: PositioningStatus, h: number): number {
  switch (status) {
    case 'top':
      return 2;
    case 'recommended':
      return 1 + (h % 2);
    case 'cautioned':
      return 1;
    case 'mentioned':
      return 0;
  }
}

/** A newcomer has no usual qualities yet. */
const NO_PROFILE: BrandProfile = { positive: [], negative: null, neutral: null, others: [] };

/**
 * The brand's own positives followed by the generic ones: the pool of a second quality. The
 * same for every answer of a brand without attribute events, so built once per own list.
 */
const withGenericCache = new WeakMap<readonly Attribute[], readonly Attribute[]>();
function withGenericPositives(own: readonly Attribute[]): readonly Attribute[] {
  let pool = withGenericCache.get(own);
  if (!pool) {
    pool = [...own, ...GENERIC_POSITIVE];
    withGenericCache.set(own, pool);
  }
  return pool;
}

function qualities(
  ctx: PlanContext,
  name: string,
  status: PositioningStatus,
  entrant: boolean,
  d: Draws,
): { positives: readonly Attribute[]; negatives: readonly Attribute[] } {
  const profile = entrant ? NO_PROFILE : brandProfile(ctx.categoryId, name);
  const { gained, lost } = attributeEvents(ctx.events, name);
  const own = lost.length === 0 ? profile.positive : profile.positive.filter((a) => isKept(a, lost));
  const h = mixed(d.h, QUALITIES);
  const want = positivesWanted(status, h);
  let first: Attribute | null = null;
  let second: Attribute | null = null;
  if (want > 0)
    first = ((h >>> 5) % 10 < 7 ? drawFrom(own, h >>> 9) : null) ?? drawFrom(GENERIC_POSITIVE, h >>> 9);
  if (want > 1) {
    // The second quality is drawn per repeat: repeats of one day describe a brand a little differently.
    const pool =
      (h >>> 13) % 5 === 0 && isKept(profile.neutral, lost) ? [profile.neutral] : withGenericPositives(own);
    second = drawFrom(pool, mixed(d.h, SECOND + ctx.repeat), first);
  }
  const positives = attributeList(first, second);
  let one: Attribute | null = null;
  let two: Attribute | null = null;
  const t = d.t;
  const drawback =
    status === 'cautioned' ||
    (status === 'recommended' && draw(d.h, DRAWBACK) < clamp(0.15 - 0.3 * t, 0, 0.5));
  if (drawback) {
    const usual = d.soured || (h >>> 17) % 10 < 6 ? profile.negative : null;
    one = usual ?? drawFrom(GENERIC_NEGATIVE, h >>> 21);
    if (status === 'cautioned' && t < 0) {
      const usualOrGeneric = [profile.negative, ...GENERIC_NEGATIVE].filter((a) => isKept(a, lost));
      two = drawFrom(usualOrGeneric, h >>> 23, one);
    }
  }
  const negatives = attributeList(one, two);
  return gained.length === 0 ? { positives, negatives } : withGained(gained, want, positives, negatives);
}

/** The qualities with those attribute-gain events add (first), keeping the number of positives. */
function withGained(
  gained: readonly string[],
  want: number,
  drawnPositives: readonly Attribute[],
  drawnNegatives: readonly Attribute[],
): { positives: readonly Attribute[]; negatives: readonly Attribute[] } {
  const positives = [...drawnPositives];
  const negatives = [...drawnNegatives];
  for (const key of gained) {
    const a = attributeByKey(key);
    if (!a) continue;
    const list = a.polarity === 'negative' ? negatives : positives;
    if (!list.includes(a)) list.unshift(a);
    if (a.polarity !== 'negative' && positives.length > Math.max(want, 1)) positives.pop();
  }
  return { positives: sharedAttributeList(positives), negatives: sharedAttributeList(negatives) };
}

/**
 * How list items and table rows write a catalog brand: with its product line. Every answer
 * naming the brand in the category writes the same label, so answers share one string.
 */
function labelOf(name: string, product: string): string {
  if (!product) return name;
  let byProduct = labels.get(name);
  if (!byProduct) {
    if (labels.size >= LABELS_CAP) labels.clear();
    byProduct = new Map();
    labels.set(name, byProduct);
  }
  let label = byProduct.get(product);
  if (label === undefined) {
    label = `${name} ${product}`;
    byProduct.set(product, label);
  }
  return label;
}
const labels = new Map<string, Map<string, string>>();
/** Brand names kept before the cache starts over: the catalog has a few hundred. */
const LABELS_CAP = 10_000;

/** One brand's plan, its fields in the order the ground truth's JSON has always had them. */
function plannedBrand(
  name: string,
  label: string,
  entrant: boolean,
  status: PositioningStatus,
  written: { positives: readonly Attribute[]; negatives: readonly Attribute[] },
): PlannedBrand {
  return {
    name,
    label,
    short: name,
    entrant,
    status,
    positives: written.positives,
    negatives: written.negatives,
  };
}

/** The plan of every brand an answer names, ranked brands first, then newcomers. */
export function planBrands(
  ctx: PlanContext,
  shape: Shape,
  ranked: ReadonlyArray<{ name: string; product: string }>,
  entrants: ReadonlyArray<{ name: string }>,
): PlannedBrand[] {
  const hashes = answerHashes(ctx);
  const out: PlannedBrand[] = [];
  for (let rank = 0; rank < ranked.length; rank++) {
    const { name, product } = ranked[rank] as { name: string; product: string };
    const d: Draws = {
      t: tendencyOf(hashes, ctx.day, name),
      h: hashPartsAfter(hashes.brand, name),
      soured: isSoured(ctx.events, name, ctx.country),
    };
    const status = statusOf(ctx, shape, name, rank, ranked.length, d);
    const label = labelOf(name, product);
    out.push(plannedBrand(name, label, false, status, qualities(ctx, name, status, false, d)));
  }
  for (const { name } of entrants) {
    // Newcomers have no tendency yet: recommended in lists, mentioned in news and some how-tos.
    const d: Draws = {
      t: 0,
      h: hashPartsAfter(hashes.brand, name),
      soured: isSoured(ctx.events, name, ctx.country),
    };
    const mentioned = shape === 'news' || (shape === 'howto' && draw(d.h, MENTION) < 0.5);
    const status: PositioningStatus = mentioned ? 'mentioned' : 'recommended';
    out.push(plannedBrand(name, name, true, status, qualities(ctx, name, status, true, d)));
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
