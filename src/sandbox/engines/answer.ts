import { CATEGORIES, LOCAL_STEMS, categoryFor, productLineOf, slug, type Category } from './catalog';
import { localeOf, localPrice, type Locale } from './locales';
import { PHRASES, fill, type Phrases } from './phrases';
import { createRng, hashParts, type Rng } from '../core/prng';
import { XSS_PAYLOADS, XSS_SOURCE_URL, hasXssMarker } from './xss';
import {
  brandDrift,
  editionOf,
  eventEffect,
  eventsOn,
  publishersOn,
  repeatPublishers,
  type DriftEvent,
} from './drift';
import { entrantsFor, type Entrant } from './entrants';
import type { CommerceEvent } from './commerce/events';
import {
  composeAnswer,
  planBrands,
  positioningEventsOn,
  shapeOf,
  TOP_PICK_SCORE,
  isTopPick,
  type AnswerPositioning,
  type PositioningEvent,
} from './positioning';
import { appendFacts, factsParagraph, type WrittenFact } from './facts';

// The core of every synthetic answer: which brands are named (and in which order), how the
// answer presents each (positioning/), which sources are cited, and the answer text, all
// derived from a hash of the inputs and the calendar day (see drift.ts for how answers move
// from day to day, positioning/events.ts for how presentations do). Engines then shape this
// core into their own result objects.

export interface AnswerInput {
  engine: string;
  prompt: string;
  country: string;
  state?: string;
  /** Stable JSON of the options that change the answer (include flags, device…). */
  optionsKey: string;
  seed: number;
  /** How many identical calls came before this one on the same day: repeats vary a little. */
  repeat: number;
  /** UTC day number of the sandbox clock (floor(ms / 86,400,000)). */
  day: number;
  /** Scripted drift events on top of the scheduled ones. */
  events?: readonly DriftEvent[];
  /** Scripted positioning events on top of the scheduled ones. */
  positioningEvents?: readonly PositioningEvent[];
  /** Scripted commerce events on top of the scheduled ones (commerce/events.ts). */
  commerceEvents?: readonly CommerceEvent[];
}

export interface Brand {
  name: string;
  slug: string;
  local: boolean;
  product: string;
  usd: number;
  rating: number;
  reviews: number;
  reason: string;
}

export interface Source {
  url: string;
  domain: string;
  label: string;
  description: string;
  siteName: string;
  datePublished?: string;
}

export interface Product {
  id: string;
  title: string;
  brand: Brand;
  price: { value: number; currency: string; raw: string };
  oldPrice?: { value: number; currency: string; raw: string };
  merchant: string;
  merchantUrl: string;
  url: string;
  image: string;
  rating: number;
  reviews: number;
}

export interface Answer {
  input: AnswerInput;
  locale: Locale;
  phrases: Phrases;
  category: Category;
  categoryName: string;
  brands: Brand[];
  sources: Source[];
  products: Product[];
  /** Brands that advertise on this answer (may be empty). */
  advertisers: Brand[];
  /** Newcomers named after the ranked brands (see entrants.ts); not in brands, products or sources. */
  entrants: Entrant[];
  queries: string[];
  questions: string[];
  text: string;
  markdown: string;
  /** What the text says about each brand: the sandbox's ground truth, never in the JSON it serves. */
  positioning: AnswerPositioning;
  /** What the answer claims about the brand its prompt names, with the truth (empty otherwise). */
  facts: WrittenFact[];
  xss: boolean;
  /** Generator for engine-specific details, seeded by the stable inputs. */
  rng: Rng;
  key: number;
  year: number;
}

const YEAR = 2026;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** Score gap under which the last brand in and the first one out trade places between repeats. */
const CUTOFF_MARGIN = 0.15;
const MERCHANTS = ['Shopwise', 'MegaMart', 'Cartio', 'Dealio', 'Buyzone', 'Marketly'];

export function buildAnswer(input: AnswerInput): Answer {
  const locale = localeOf(input.country);
  const phrases = PHRASES[locale.lang];
  const key = hashParts(
    input.seed,
    input.engine,
    input.prompt,
    input.country,
    input.state,
    input.optionsKey,
    input.day,
  );
  const rng = createRng(key);
  const category = categoryFor(input.prompt, hashParts(input.prompt) % CATEGORIES.length);
  const categoryName = category.names[locale.lang];
  const xss = hasXssMarker(input.prompt);

  const positioningEvents = positioningEventsOn(
    input.seed,
    category.id,
    category.global,
    input.day,
    input.positioningEvents,
  );
  const brands = rankBrands(input, category, locale, phrases, rng, positioningEvents);
  const values = (b = 0): Record<string, string | number> => ({
    cat: categoryName,
    country: locale.countryName,
    brand: brands[b % brands.length]?.name ?? '',
    brand2: brands[(b + 1) % brands.length]?.name ?? '',
    year: YEAR,
    n: 5 + (b % 7),
  });

  const sources = buildSources(input, key, brands, locale, phrases, values, rng, xss);
  const products = buildProducts(brands, locale, rng);
  const advertisers = rng.chance(0.6) ? brands.slice(-2).reverse() : [];
  const queries = phrases.queries.map((q, i) => fill(q, values(i)));
  const questions = phrases.questions.map((q, i) => fill(q, values(i)));

  // A repeated identical call changes one sentence and swaps two sources, as real engines do
  // (and cites one other publisher: see repeatPublishers).
  const variant = phrases.variants[(key + input.repeat) % phrases.variants.length] ?? '';
  if (input.repeat > 0 && sources.length > 2) {
    const i = input.repeat % (sources.length - 1);
    [sources[i], sources[i + 1]] = [sources[i + 1] as Source, sources[i] as Source];
  }

  const entrants = entrantsFor({
    seed: input.seed,
    categoryId: category.id,
    region: locale.region,
    engine: input.engine,
    prompt: input.prompt,
    country: input.country,
    day: input.day,
  });
  const written = writeAnswer({
    input,
    key,
    category,
    categoryName,
    locale,
    brands,
    entrants,
    sources,
    events: positioningEvents,
    outro: `${phrases.outro} ${variant}`,
  });
  let { text, markdown } = written;
  const { positioning } = written;
  let facts: WrittenFact[] = [];
  const stated = factsParagraph({
    prompt: input.prompt,
    engine: input.engine,
    day: input.day,
    lang: locale.lang,
    key,
  });
  if (stated !== null) ({ text, markdown, facts } = appendFacts({ text, markdown }, stated));
  if (xss) {
    text += `\n\n${XSS_PAYLOADS.join('\n')}`;
    markdown += `\n\n${XSS_PAYLOADS.map((p) => `- ${p}`).join('\n')}`;
  }
  return {
    input,
    locale,
    phrases,
    category,
    categoryName,
    brands,
    sources,
    products,
    advertisers,
    entrants,
    queries,
    questions,
    text,
    markdown,
    positioning,
    facts,
    xss,
    rng,
    key,
    year: YEAR,
  };
}

interface WriteAnswerInput {
  input: AnswerInput;
  key: number;
  category: Category;
  categoryName: string;
  locale: Locale;
  brands: Brand[];
  entrants: Entrant[];
  sources: Source[];
  events: readonly PositioningEvent[];
  outro: string;
}

/** The answer's text and Markdown in its shape, and what they say about each brand. */
function writeAnswer(w: WriteAnswerInput): {
  text: string;
  markdown: string;
  positioning: AnswerPositioning;
} {
  const { input, key, category, locale, sources } = w;
  const shape = shapeOf(input.seed, input.engine, input.prompt);
  const plan = planBrands(
    { ...input, key, categoryId: category.id, events: w.events },
    shape,
    w.brands,
    w.entrants,
  );
  const composed = composeAnswer({
    lang: locale.lang,
    shape,
    categoryName: w.categoryName,
    countryName: locale.countryName,
    brands: plan,
    citation: (rank) => {
      const src = sources[rank % Math.max(1, sources.length)];
      return src ? ` ([${src.domain}](${src.url}))` : '';
    },
    outro: w.outro,
    key,
  });
  return {
    text: composed.text,
    markdown: composed.markdown,
    positioning: {
      lang: locale.lang,
      shape,
      plan,
      text: composed.units.text,
      markdown: composed.units.markdown,
    },
  };
}

function rankBrands(
  input: AnswerInput,
  category: Category,
  locale: Locale,
  phrases: Phrases,
  rng: Rng,
  positioningEvents: readonly PositioningEvent[],
): Brand[] {
  const stems = LOCAL_STEMS[locale.region];
  const localNames = stems
    .filter((_, i) => hashParts(category.id, locale.region, i) % 3 !== 0)
    .map((s) => `${s} ${category.localSuffix}`);
  const candidates = [
    ...category.global.map((name) => ({ name, local: false })),
    ...localNames.map((name) => ({ name, local: true })),
  ];
  const drift = { ...input, categoryId: category.id };
  const events = eventsOn(input.seed, category.id, category.global, input.day, input.events);
  const scored = candidates
    .map((c) => ({
      ...c,
      score:
        (hashParts(input.seed, input.engine, category.id, input.country, input.state, c.name) % 10_000) /
          10_000 +
        (c.local ? 0.3 : 0) +
        brandDrift(drift, c.name) +
        eventEffect(events, c.name, input.engine, input.country),
    }))
    .filter((c) => c.score > Number.NEGATIVE_INFINITY)
    .map((c) =>
      // A top-pick event ranks its brand first on its engine (below a surged brand: see events.ts).
      isTopPick(positioningEvents, c.name, input.engine, input.country)
        ? { ...c, score: Math.max(c.score, TOP_PICK_SCORE) }
        : c,
    );
  scored.sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : 1));
  const count = 5 + (hashParts(input.prompt, input.country, input.engine) % 3);
  swapAtCutoff(scored, count, input);
  return scored.slice(0, count).map((c, i) => {
    const [lo, hi] = category.usd;
    const usd = Math.round(lo + ((hashParts(c.name, category.id) % 1000) / 1000) * (hi - lo)) - 0.01;
    return {
      name: c.name,
      slug: slug(c.name),
      local: c.local,
      product: productLineOf(category, c.name),
      usd,
      rating: Math.round((3.8 + (hashParts(c.name, 'rating') % 110) / 100) * 10) / 10,
      reviews: 50 + (hashParts(c.name, 'reviews', input.country) % 20_000),
      reason: phrases.reasons[(i + rng.int(0, 5)) % phrases.reasons.length] ?? '',
    };
  });
}

/**
 * Repeats of one day name the same brands, except at the list's cut-off: while the last brand
 * in and the first one out score within CUTOFF_MARGIN of each other, a later repeat names the
 * one instead of the other half of the time (drawn from hash(answer inputs, repeat)), as real
 * engines waver over a borderline pick. So a brand crossing the cut-off over days is named in
 * some repeats for a while instead of flipping from none to all of them overnight.
 */
function swapAtCutoff(scored: Array<{ score: number }>, count: number, input: AnswerInput): void {
  if (input.repeat === 0 || scored.length <= count) return;
  const lastIn = scored[count - 1];
  const firstOut = scored[count];
  if (!lastIn || !firstOut || lastIn.score - firstOut.score >= CUTOFF_MARGIN) return;
  const h = hashParts(
    input.seed,
    input.engine,
    input.prompt,
    input.country,
    input.state,
    input.day,
    'cutoff',
    input.repeat,
  );
  if (h % 2 === 0) [scored[count - 1], scored[count]] = [firstOut, lastIn];
}

function buildSources(
  input: AnswerInput,
  key: number,
  brands: Brand[],
  locale: Locale,
  phrases: Phrases,
  values: (b?: number) => Record<string, string | number>,
  rng: Rng,
  xss: boolean,
): Source[] {
  // How many sources: drawn per day, and again per repeat (real engines cite more or fewer
  // sources when asked the same thing twice).
  const drawn = rng.int(0, 3);
  const count = 5 + (input.repeat === 0 ? drawn : hashParts(key, 'source-count', input.repeat) % 4);
  // Slot i cites a brand's own site every third slot, else the publisher ranked i.
  const isBrandSite = (i: number): boolean => i % 3 === 2;
  const slots = Array.from({ length: count }, (_, i) => i).filter((i) => !isBrandSite(i));
  const publisherOf = repeatPublishers(publishersOn(input, phrases.publishers), slots, key, input.repeat);
  const out: Source[] = [];
  for (let i = 0; i < count; i++) {
    const brandSite = isBrandSite(i);
    const brand = brands[i % brands.length] as Brand;
    const publisher = publisherOf.get(i) ?? '';
    const host = brandSite ? `www.${brand.slug}${locale.tld}` : `www.${publisher}${locale.tld}`;
    const label = fill(phrases.sourceTitles[i % phrases.sourceTitles.length] ?? '', values(i));
    const path = brandSite
      ? `/${slug(brand.product) || 'products'}`
      : `/${slug(label) || 'guide'}-${hashParts(input.prompt, label, host, editionOf(host, input.day)) % 100_000}`;
    const source: Source = {
      url: `https://${host}${path}`,
      domain: host,
      label,
      description: fill(phrases.sourceDescription, values(i)),
      siteName: brandSite ? brand.name : publisher || host,
    };
    if (rng.chance(0.7)) {
      source.datePublished = `${MONTHS[rng.int(0, 11)]} ${rng.int(1, 28)}, ${YEAR - rng.int(0, 1)}`;
    }
    out.push(source);
  }
  if (xss) {
    out.forEach((s, i) => {
      s.label = `${s.label} ${XSS_PAYLOADS[i % XSS_PAYLOADS.length]}`;
      s.description = `${s.description} ${XSS_PAYLOADS[(i + 3) % XSS_PAYLOADS.length]}`;
    });
    out.push({
      url: XSS_SOURCE_URL,
      domain: 'xss.example',
      label: XSS_PAYLOADS[0] ?? '',
      description: XSS_PAYLOADS[1] ?? '',
      siteName: 'xss',
    });
  }
  return out;
}

function buildProducts(brands: Brand[], locale: Locale, rng: Rng): Product[] {
  return brands.slice(0, 4).map((brand, i) => {
    const merchant = MERCHANTS[(i + rng.int(0, MERCHANTS.length - 1)) % MERCHANTS.length] as string;
    const price = localPrice(locale, brand.usd);
    const product: Product = {
      id: String(hashParts(brand.name, brand.product, locale.country)),
      title: `${brand.name} ${brand.product}`,
      brand,
      price,
      merchant,
      merchantUrl: `https://www.${slug(merchant)}${locale.tld}`,
      url: `https://www.${slug(merchant)}${locale.tld}/p/${brand.slug}-${slug(brand.product)}`,
      image: `https://img.${slug(merchant)}${locale.tld}/${brand.slug}.jpg`,
      rating: brand.rating,
      reviews: brand.reviews,
    };
    if (rng.chance(0.4)) product.oldPrice = localPrice(locale, Math.round(brand.usd * 1.2) - 0.01);
    return product;
  });
}
