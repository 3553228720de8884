import type { NormalizedResult } from '../domain/result';
import { findBrandMentions, type BrandMatcher } from './brand-matcher';
import { cleanForm, discoveryKey, isNameLike } from './discovery-normalize';

// Competitor discovery: the candidate names one answer puts forward, pooled by key. Where a
// name comes from, as a bit of a mask (the store keeps the mask per name and day):
// - a brand entity (entities of a brand- or organisation-like type);
// - the brand of a shopping product;
// - a merchant of a product or of one of its offers;
// - an advertiser;
// - the named item of an answer list: a bold lead ("1. **Acme Racer** – …") or the text before
//   ':' / ' - ' / ' – ' / ' — ', when it reads like a name (isNameLike).

export const DISCOVERY_ORIGINS = ['entity', 'product-brand', 'merchant', 'advertiser', 'list-item'] as const;
export type DiscoveryOrigin = (typeof DISCOVERY_ORIGINS)[number];

export function originBit(origin: DiscoveryOrigin): number {
  return 1 << DISCOVERY_ORIGINS.indexOf(origin);
}

export function originsOfMask(mask: number): DiscoveryOrigin[] {
  return DISCOVERY_ORIGINS.filter((_, i) => (mask & (1 << i)) !== 0);
}

/** One candidate name in one answer. */
export interface ExtractedCandidate {
  key: string;
  /** The form written in this answer: its list's spelling when it has one, else the first seen. */
  form: string;
  /** Bit mask of DiscoveryOrigin. */
  origins: number;
}

export type DiscoverySource = Pick<NormalizedResult, 'text' | 'markdown' | 'entities' | 'products' | 'ads'>;

const ORG_ENTITY =
  /brand|organi[sz]ation|company|business|corporation|manufacturer|retailer|store|merchant|seller|^org$/iu;
/** "Shopwise + others", "Dealio and 3 more". */
const MERCHANT_TAIL = /\s*(?:\+|and|&)\s*(?:\d+\s*)?(?:others?|more)\s*$/iu;
const DOMAIN_LIKE = /^(?:https?:\/\/)?(?:www\.)?[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+\/?\S*$/u;
const LIST_ITEM = /^\s{0,6}(?:[-*+•]|\d{1,3}[.)])\s+(.+)$/u;
const BOLD_LEAD = /^(?:\*\*|__)(.+?)(?:\*\*|__)/u;
const LEAD_SEPARATOR = /\s*(?::|：|\s[-–—]\s)/u;
const MD_LINK = /\[([^\]]*)\]\([^)]*\)/gu;
const EMPHASIS = /[*_`~]+/gu;
/** A trailing parenthetical or citation ("Acme (acme.com)", "Acme [1]"). */
const TRAILING_NOTE = /\s*(?:\([^)]*\)|\[[^\]]*\])\s*$/u;

function structuredName(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const form = cleanForm(raw.replace(MERCHANT_TAIL, ''));
  if (form === '' || DOMAIN_LIKE.test(form) || !/\p{L}/u.test(form)) return null;
  return form.length <= 64 ? form : null;
}

/** The named leads of the list items of a Markdown (or plain) answer text. */
export function listItemLeads(markdown: string): string[] {
  const out: string[] = [];
  for (const line of markdown.split('\n')) {
    const item = LIST_ITEM.exec(line);
    if (!item) continue;
    const body = (item[1] as string).trim();
    let lead: string | null = null;
    const bold = BOLD_LEAD.exec(body);
    if (bold) lead = bold[1] as string;
    else {
      const plain = body.replace(MD_LINK, '$1');
      const sep = LEAD_SEPARATOR.exec(plain);
      if (sep && sep.index > 0) lead = plain.slice(0, sep.index);
    }
    if (lead === null) continue;
    const form = cleanForm(lead.replace(MD_LINK, '$1').replace(EMPHASIS, '').replace(TRAILING_NOTE, ''));
    if (isNameLike(form)) out.push(form);
  }
  return out;
}

export interface ExtractOptions {
  /**
   * Keys already known from a structured origin (this answer's, and the history's when the
   * caller has them): a list lead that starts with one ("Trailhawk Glide 5") is read as that
   * name ("Trailhawk"), not as a new one.
   */
  isKnownName?: (key: string) => boolean;
  /** The answer's list leads when they were found ahead (listItemLeads of its Markdown, else its text). */
  leads?: readonly string[] | undefined;
}

/** Every candidate name of one answer, one per key. */
export function extractCandidates(
  result: DiscoverySource,
  options: ExtractOptions = {},
): ExtractedCandidate[] {
  const byKey = new Map<string, ExtractedCandidate>();
  const add = (form: string | null, origin: DiscoveryOrigin): void => {
    if (form === null) return;
    const key = discoveryKey(form);
    if (key === '') return;
    const existing = byKey.get(key);
    if (!existing) byKey.set(key, { key, form, origins: originBit(origin) });
    else {
      // The answer's own words win over an entity's or a feed's spelling: the display name,
      // the aliases and the snippets read as the answers write it.
      if (origin === 'list-item' && (existing.origins & originBit('list-item')) === 0) existing.form = form;
      existing.origins |= originBit(origin);
    }
  };
  for (const e of result.entities) if (ORG_ENTITY.test(e.type)) add(structuredName(e.name), 'entity');
  for (const p of result.products) {
    add(structuredName(p.brand), 'product-brand');
    add(structuredName(p.merchant), 'merchant');
    for (const o of p.offers) add(structuredName(o.merchant), 'merchant');
  }
  for (const a of result.ads) add(structuredName(a.advertiser), 'advertiser');

  const known = (key: string): boolean => byKey.has(key) || (options.isKnownName?.(key) ?? false);
  for (const lead of options.leads ?? listItemLeads(result.markdown ?? result.text)) {
    const key = discoveryKey(lead);
    if (key === '') continue;
    const prefix = knownPrefix(lead, key, known);
    if (prefix !== null) add(prefix, 'list-item');
    else add(lead, 'list-item');
  }
  return [...byKey.values()];
}

/** The longest leading run of words of `form` whose key is a known name, if shorter than the whole. */
function knownPrefix(form: string, key: string, known: (key: string) => boolean): string | null {
  if (known(key)) return null;
  const words = form.split(' ');
  for (let n = words.length - 1; n >= 1; n--) {
    const prefix = words.slice(0, n).join(' ');
    const k = discoveryKey(prefix);
    if (k !== '' && known(k)) return prefix;
  }
  return null;
}

/**
 * Whether a defined brand already covers a candidate: its key is the key of a brand's name or
 * alias, or the brand matcher finds a brand at the very start of it ("Veloxa Tempo Elite" is
 * Veloxa's product line).
 */
export function isCoveredByBrands(
  form: string,
  key: string,
  brandKeys: ReadonlySet<string>,
  matcher: BrandMatcher | null,
): boolean {
  if (brandKeys.has(key)) return true;
  if (matcher === null) return false;
  return findBrandMentions(matcher, form).some((m) => m.start === 0);
}

/** Keys of every defined brand's name and aliases. */
export function brandKeysOf(
  brands: ReadonlyArray<{ name: string; aliases: readonly string[] }>,
): Set<string> {
  const keys = new Set<string>();
  for (const b of brands)
    for (const n of [b.name, ...b.aliases]) {
      const k = discoveryKey(n);
      if (k !== '') keys.add(k);
    }
  return keys;
}
