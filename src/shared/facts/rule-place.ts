import { claimOf, strongest, upperAt, type Claim, type RuleContext } from './claim';
import { FOUNDED, FROM_PLACE, SEAT, SEAT_AFTER, WIDE_PLACES } from './lexicon';
import { yearNear, yearsIn } from './rule-year';
import { findAll, foldPhrase, phraseSet, type Found } from './words';

// A place claim: the place written after a seat phrase ("based in", "mit Sitz in", "本社は"), before
// one ("Lisbon-based", "ベルリンに本社"), after a founding year ("founded in 2009 in Berlin"), or in
// a column headed by one. The fact's place or one of its words supports; another place (a
// capitalised name, a katakana name in Japanese, the next word in Arabic, Korean or Chinese,
// which have no capitals) contradicts, unless it is a region too wide to tell ("based in
// Europe").

const SEAT_WORDS = phraseSet(SEAT);
const SEAT_AFTER_WORDS = phraseSet(SEAT_AFTER);
const FROM_WORDS = phraseSet(FROM_PLACE);
/** Letters two names of a place share when one is the other in another language (Berlin, Berlino; Lisboa, Lisbonne). */
const EXONYM_PREFIX = 5;
const FOUNDED_WORDS = phraseSet(FOUNDED);
// prettier-ignore
const SEAT_HEADERS = phraseSet([
  'headquarters', 'hq', 'sitz', 'hauptsitz', 'siege', 'sede', '本社', 'based', 'hoofdkantoor', 'vestiging',
  'huvudkontor', 'siedziba', 'штаб-квартира', 'штаб', 'merkez', 'genel merkez', 'المقر', 'مقر', '본사', '总部',
]);
/** The regions too wide to tell, folded as the text is ("أوروبا" without its hamza). */
const WIDE_FOLDED = WIDE_PLACES.map(foldPhrase);
const WIDE = new Set(WIDE_FOLDED);
const PLACE_PREPOSITION = /^\s+(?:(?:году|roku)\s+)?(?:in|a|en|em|nel|no|na|w|в)\s+/u;
/** A place in a script without capitals, after the word for "city" when there is one. */
const CASELESS_PLACE = new RegExp(
  `^(?:(?:${['مدينة', 'العاصمة', '도시'].map(foldPhrase).join('|')})\\s+)?([\\p{sc=Arabic}]+|\\p{sc=Hangul}+|\\p{sc=Han}+)`,
  'u',
);
const CASELESS_PLACE_BEFORE = /(?:[\p{sc=Arabic}]+|\p{sc=Hangul}+|\p{sc=Han}+)$/u;
const KATAKANA_RUN = /[\p{scx=Katakana}ー]{2,}/u;
/** How much text a place name is read from: three words of a long name at most. */
const NAME_SPAN = 64;
/** A capitalised name of up to three words ("São Paulo", "Bergen"), read on the folded text. */
const NAME = /^[\p{L}][\p{L}'’-]*(?:\s[\p{L}][\p{L}'’-]*){0,2}/u;

/** The place name starting at folded offset `at`: its capitalised words, or null. */
function nameAt(ctx: RuleContext, at: number, to: number): Found | null {
  if (!upperAt(ctx, at) || ctx.brandAt(at)) return null;
  const m = NAME.exec(ctx.f.slice(at, Math.min(to, at + NAME_SPAN)));
  if (m === null) return null;
  // Keep the words that are capitalised as written.
  const words = m[0].split(/\s/u);
  let end = at + (words[0] as string).length;
  for (let k = 1, pos = end + 1; k < words.length; pos += (words[k] as string).length + 1, k++) {
    if (!upperAt(ctx, pos)) break;
    end = pos + (words[k] as string).length;
  }
  return WIDE.has(ctx.f.slice(at, end)) ? null : { start: at, end };
}

interface Place {
  /** The place and its other names, found in the text. */
  re: RegExp | null;
  /** The same, folded, to tell a name in another language. */
  names: readonly string[];
}

function samePlace(place: Place, found: string): boolean {
  return place.names.some((n) => {
    const k = Math.min(n.length, found.length);
    return k >= EXONYM_PREFIX && n.slice(0, EXONYM_PREFIX) === found.slice(0, EXONYM_PREFIX);
  });
}

/** A name in a script without capitals (Arabic, Hangul, Han) at `at`: another place unless too wide to tell. */
function caselessName(ctx: RuleContext, at: number, name: string): Found | null {
  if (ctx.brandAt(at) || WIDE_FOLDED.some((w) => name.startsWith(w))) return null;
  return { start: at, end: at + name.length };
}

function claimOfName(ctx: RuleContext, place: Place, name: Found, to: number): Claim {
  return claimOf(samePlace(place, ctx.f.slice(name.start, name.end)), name.start, Math.max(name.end, to));
}

/** Chinese writes the country and the city as one word ("葡萄牙波尔图"): the city after the fact's country. */
function cityAfterOwn(ctx: RuleContext, own: Found, place: Place): Found | null {
  const city = /^\p{sc=Han}+/u.exec(ctx.f.slice(own.end, Math.min(ctx.scope.to, own.end + 8)));
  if (city === null || !/\p{sc=Han}$/u.test(ctx.f.slice(own.start, own.end))) return null;
  if (ctx.hits.startsNear(place.re, own.end, 0) !== null) return null;
  return caselessName(ctx, own.end, city[0]);
}

function afterSeat(ctx: RuleContext, at: number, place: Place): Claim | null {
  const { f, scope } = ctx;
  const own = ctx.hits.startsNear(place.re, at, 6);
  if (own !== null) {
    const other = cityAfterOwn(ctx, own, place);
    return other === null ? claimOf(true, own.start, own.end) : claimOf(false, other.start, other.end);
  }
  let k = at;
  while (k < scope.to && /[\s*_"“„(]/u.test(f[k] as string)) k++;
  const katakana = KATAKANA_RUN.exec(f.slice(k, Math.min(scope.to, k + 12)));
  if (katakana !== null && katakana.index === 0) return claimOf(false, k, k + katakana[0].length);
  const caseless = CASELESS_PLACE.exec(f.slice(k, Math.min(scope.to, k + 24)));
  if (caseless !== null) {
    const at = k + caseless[0].length - (caseless[1] as string).length;
    const other = caselessName(ctx, at, caseless[1] as string);
    return other === null ? null : claimOf(false, other.start, other.end);
  }
  const name = nameAt(ctx, k, scope.to);
  return name === null ? null : claimOfName(ctx, place, name, name.end);
}

function beforeSeat(ctx: RuleContext, t: Found, place: Place): Claim | null {
  const { f, scope } = ctx;
  const own = ctx.hits
    .find(place.re, Math.max(scope.from, t.start - 30), t.start)
    .find((h) => h.end === t.start);
  if (own !== undefined) return claimOf(true, own.start, t.end);
  const before = f.slice(Math.max(scope.from, t.start - 12), t.start);
  const katakana = /[\p{scx=Katakana}ー]{2,}$/u.exec(before);
  if (katakana !== null) return claimOf(false, t.start - katakana[0].length, t.end);
  const caseless = CASELESS_PLACE_BEFORE.exec(before);
  if (caseless !== null) {
    const other = caselessName(ctx, t.start - caseless[0].length, caseless[0]);
    return other === null ? null : claimOf(false, other.start, t.end);
  }
  const word = /[\p{L}]+$/u.exec(before);
  if (word === null) return null;
  const at = t.start - word[0].length;
  const name = nameAt(ctx, at, t.start);
  return name === null ? null : claimOfName(ctx, place, name, t.end);
}

/** "founded in 2009 in Berlin", "2013 in Oslo gegründet", "fondata nel 2009 a Berlino". */
function afterFoundingYear(ctx: RuleContext, place: Place): Claim | null {
  const { f, scope } = ctx;
  const years = yearsIn(ctx, scope.from, scope.to);
  const claims = ctx.hits.find(FOUNDED_WORDS, scope.from, scope.to).map((t) => {
    const y = yearNear(years, t);
    if (y === null) return null;
    const prep = PLACE_PREPOSITION.exec(f.slice(y.end, scope.to));
    return prep === null ? null : afterSeat(ctx, y.end + prep[0].length, place);
  });
  return strongest(claims);
}

function inCell(ctx: RuleContext, place: Place): Claim | null {
  const { scope } = ctx;
  if (scope.header === null || findAll(SEAT_HEADERS, scope.header, 0, scope.header.length).length === 0)
    return null;
  return afterSeat(ctx, scope.from, place);
}

/**
 * "from Oslo", "aus Berlin", "z Berlina", "из Берлина": the fact's place right after (or its
 * name with a case ending) supports; another place says nothing.
 */
function fromPlace(ctx: RuleContext, place: Place): Claim | null {
  const { f, scope } = ctx;
  for (const t of ctx.hits.find(FROM_WORDS, scope.from, scope.to)) {
    const own = ctx.hits.startsNear(place.re, t.end, 3);
    if (own !== null) return claimOf(true, t.start, own.end);
    const at = t.end + (/^\s+/u.exec(f.slice(t.end, Math.min(scope.to, t.end + 8)))?.[0].length ?? 0);
    const name = at > t.end ? nameAt(ctx, at, scope.to) : null;
    if (name !== null && samePlace(place, f.slice(name.start, name.end)))
      return claimOf(true, t.start, name.end);
  }
  return null;
}

/** After a colon, Markdown emphasis around it or not. */
const LABEL_COLON = /^[*_]*\s*[:：][*_]*/u;

/** A label and its value: "**Headquarters:** Bergen", "Sitz: Berlin", "本社：東京". */
function afterLabel(ctx: RuleContext, place: Place): Claim | null {
  const { f, scope } = ctx;
  return strongest(
    findAll(SEAT_HEADERS, f, scope.from, scope.to).map((t) => {
      const colon = LABEL_COLON.exec(f.slice(t.end, Math.min(scope.to, t.end + 6)));
      return colon === null ? null : afterSeat(ctx, t.end + colon[0].length, place);
    }),
  );
}

export function placeClaim(ctx: RuleContext, re: RegExp | null, names: readonly string[]): Claim | null {
  const { scope } = ctx;
  const place: Place = { re, names };
  const cell = inCell(ctx, place);
  if (cell !== null) return cell;
  return strongest([
    afterLabel(ctx, place),
    ...ctx.hits.find(SEAT_WORDS, scope.from, scope.to).map((t) => afterSeat(ctx, t.end, place)),
    ...ctx.hits.find(SEAT_AFTER_WORDS, scope.from, scope.to).map((t) => beforeSeat(ctx, t, place)),
    afterFoundingYear(ctx, place),
    fromPlace(ctx, place),
  ]);
}
