import type { BrandAttribute } from '../../../shared/positioning/types';
import { hashParts } from '../../core/prng';
import type { Lang } from '../locales';
import { CATEGORY_ATTRIBUTES, GENERIC_ATTRIBUTES, type AttributeRow } from './attributes-data';

// The attribute lexicon: every quality the synthetic answers can attach to a brand, looked up
// by canonical key or by the phrase written in a language, and each brand's usual qualities in
// its category (its "profile"), which the answers draw from and the events change.

export type Polarity = BrandAttribute['polarity'];

export interface Attribute {
  key: string;
  polarity: Polarity;
  phrases: Readonly<Record<Lang, string>>;
}

/** An attribute as the sandbox wrote it: the canonical key as text, and the words it used. */
export interface WrittenAttribute extends BrandAttribute {
  phrase: string;
}

export const LANGS: readonly Lang[] = ['en', 'de', 'fr', 'es', 'it', 'pt', 'ja', 'ru', 'ar'];

function toAttribute(row: AttributeRow): Attribute {
  const [key, polarity, ...texts] = row;
  const phrases = Object.fromEntries(LANGS.map((lang, i) => [lang, texts[i] as string])) as Record<
    Lang,
    string
  >;
  return { key, polarity, phrases };
}

export const GENERIC: readonly Attribute[] = GENERIC_ATTRIBUTES.map(toAttribute);
const BY_CATEGORY = new Map(
  Object.entries(CATEGORY_ATTRIBUTES).map(([id, rows]) => [id, rows.map(toAttribute)]),
);
const ALL: readonly Attribute[] = [...GENERIC, ...[...BY_CATEGORY.values()].flat()];
const BY_PHRASE = new Map<Lang, Map<string, Attribute>>(
  LANGS.map((lang) => [lang, new Map(ALL.map((a) => [a.phrases[lang], a]))]),
);

/** Every attribute of the lexicon (generic first), for tests. */
export function allAttributes(): readonly Attribute[] {
  return ALL;
}

export function categoryAttributes(categoryId: string): readonly Attribute[] {
  return BY_CATEGORY.get(categoryId) ?? [];
}

export function attributeByPhrase(lang: Lang, phrase: string): Attribute | undefined {
  return BY_PHRASE.get(lang)?.get(phrase);
}

export function attributeByKey(key: string): Attribute | undefined {
  return ALL.find((a) => a.key === key);
}

const written = new WeakMap<Attribute, Partial<Record<Lang, WrittenAttribute>>>();

/**
 * The attribute as written in `lang`. Every answer's units record their qualities this way, so
 * each attribute's written form per language is made once and shared: frozen, as answers and
 * their ground truth hold the same objects.
 */
export function writtenAttribute(attribute: Attribute, lang: Lang): WrittenAttribute {
  let byLang = written.get(attribute);
  if (!byLang) {
    byLang = {};
    written.set(attribute, byLang);
  }
  return (byLang[lang] ??= Object.freeze({
    text: attribute.key,
    polarity: attribute.polarity,
    phrase: attribute.phrases[lang],
  }));
}

const NO_ATTRIBUTES: readonly Attribute[] = Object.freeze([]);
const listsStartingWith = new Map<Attribute, Map<Attribute | null, readonly Attribute[]>>();

/**
 * A list of none, one or two attributes, as one shared frozen list per combination: plans hold
 * their brands' qualities as these, so that what is written from them can be found by the list
 * itself (see clauses.ts), and answers share them.
 */
export function attributeList(first: Attribute | null, second: Attribute | null): readonly Attribute[] {
  if (!first) return second ? attributeList(second, null) : NO_ATTRIBUTES;
  let lists = listsStartingWith.get(first);
  if (!lists) {
    lists = new Map();
    listsStartingWith.set(first, lists);
  }
  let list = lists.get(second);
  if (!list) {
    list = Object.freeze(second ? [first, second] : [first]);
    lists.set(second, list);
  }
  return list;
}

/** The shared list with the same attributes, for lists of up to two (a longer one is its own). */
export function sharedAttributeList(list: readonly Attribute[]): readonly Attribute[] {
  return list.length > 2 ? list : attributeList(list[0] ?? null, list[1] ?? null);
}

export const GENERIC_POSITIVE = GENERIC.filter((a) => a.polarity === 'positive');
export const GENERIC_NEGATIVE = GENERIC.filter((a) => a.polarity === 'negative');

/**
 * A brand's usual qualities in its category: two of the category's four positive attributes,
 * one of its three negative ones and its neutral one, by hash of category and name (the same
 * in every country, engine and day). `others` are the category attributes outside the profile:
 * an answer names them only during an attribute-gain event (see events.ts).
 */
export interface BrandProfile {
  positive: readonly Attribute[];
  negative: Attribute | null;
  neutral: Attribute | null;
  others: readonly Attribute[];
}

/** Profiles by category, then name: looked up per brand of every answer without building a key. */
const profiles = new Map<string, Map<string, BrandProfile>>();
let profileCount = 0;

export function brandProfile(categoryId: string, name: string): BrandProfile {
  let ofCategory = profiles.get(categoryId);
  if (!ofCategory) {
    ofCategory = new Map();
    profiles.set(categoryId, ofCategory);
  }
  let profile = ofCategory.get(name);
  if (!profile) {
    profile = makeProfile(categoryId, name);
    // Bounded by the catalog (categories × names) in practice; a cap keeps a caller's odd names from growing it.
    if (profileCount > 10_000) {
      for (const m of profiles.values()) m.clear();
      profileCount = 0;
    }
    ofCategory.set(name, profile);
    profileCount++;
  }
  return profile;
}

function makeProfile(categoryId: string, name: string): BrandProfile {
  const attrs = categoryAttributes(categoryId);
  const pos = attrs.filter((a) => a.polarity === 'positive');
  const neg = attrs.filter((a) => a.polarity === 'negative');
  const h = hashParts('profile', categoryId, name);
  const positive: Attribute[] = [];
  if (pos.length > 0) {
    const i = h % pos.length;
    positive.push(pos[i] as Attribute);
    if (pos.length > 1)
      positive.push(pos[(i + 1 + ((h >>> 4) % (pos.length - 1))) % pos.length] as Attribute);
  }
  const negative = neg.length > 0 ? (neg[(h >>> 8) % neg.length] as Attribute) : null;
  const neutral = attrs.find((a) => a.polarity === 'neutral') ?? null;
  const mine = new Set([...positive, negative, neutral]);
  return { positive, negative, neutral, others: attrs.filter((a) => !mine.has(a)) };
}

const LIST: Readonly<Record<Lang, { sep: string; last: string }>> = {
  en: { sep: ', ', last: ' and ' },
  de: { sep: ', ', last: ' und ' },
  fr: { sep: ', ', last: ' et ' },
  es: { sep: ', ', last: ' y ' },
  it: { sep: ', ', last: ' e ' },
  pt: { sep: ', ', last: ' e ' },
  ja: { sep: '、', last: '、' },
  ru: { sep: ', ', last: ' и ' },
  ar: { sep: '، ', last: '، ' },
};
const SPLIT = new Map<Lang, RegExp>(
  LANGS.map((lang) => {
    const { sep, last } = LIST[lang];
    const alt = [...new Set([sep, last])].map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
    return [lang, new RegExp(alt, 'u')];
  }),
);

/** The attributes' phrases in `lang` as "a", "a and b", "a, b and c", in the language's way. */
export function joinAttributePhrases(lang: Lang, attributes: readonly Attribute[]): string {
  const { sep, last } = LIST[lang];
  let out = '';
  for (let i = 0; i < attributes.length; i++) {
    if (i > 0) out += i === attributes.length - 1 ? last : sep;
    out += (attributes[i] as Attribute).phrases[lang];
  }
  return out;
}

export function splitPhrases(lang: Lang, text: string): string[] {
  return text.split(SPLIT.get(lang) as RegExp);
}

/** The separators a phrase of the language must not contain (tests check the lexicon). */
export function listSeparators(lang: Lang): string[] {
  return [...new Set([LIST[lang].sep, LIST[lang].last])];
}
