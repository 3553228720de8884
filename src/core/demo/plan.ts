import { runSpecSchema, type RunSpec } from '../../shared/domain/run-spec';
import { ENGINE_NAMES, ENGINES, type EngineName, type PlanName } from '../../shared/api/engines';
import { CATEGORIES, productLineOf, slug } from '../../sandbox/engines/catalog';
import { PRICE_CUT, type CommerceEvent } from '../../sandbox/engines/commerce';

// What the demo history contains: running-shoe prompts (a category the sandbox's catalog
// knows) in three daily monitors, asked from five countries and one US state on the engines
// the spec lists as available (assistant-a; the others answer 404 until they launch, so a
// demo monitor run later in the app's sandbox or against the service would fail them) with
// four repeats (enough for the change alerts' intervals to separate a brand named in none of
// one run's answers from one named in all of the next), and the brands to follow: one focus
// brand and five competitors, all global brands of that category, so they appear in the
// answers and their own sites in the sources. Sized so 90 days build in under 3 minutes on a
// 2-core machine (see the report in the README): 10 prompts × 1 engine × 6 locations ×
// 4 repeats = 240 answers a day. One question names the focus brand, as analysts' questions
// do: the answers to it are where a competitor's ads on the brand's name (conquesting) show.

export const DEMO_TAG = 'demo';
export const DEMO_SEED = 1;
export const DEMO_PLAN: PlanName = 'Enterprise 5K';
export const DEMO_CATEGORY = 'running-shoes';
/** The assistants the spec lists as available: what the app's sandbox and the service answer. */
export const DEMO_ENGINES: EngineName[] = ENGINE_NAMES.filter(
  (name) => ENGINES[name].specAvailability === 'available' && ENGINES[name].kind === 'assistant',
);
export const DEMO_COUNTRIES = ['US', 'GB', 'DE', 'FR', 'JP'];
export const DEMO_STATES = ['CA'];
export const DEMO_REPEATS = 4;
/** Where each country's brand sites live in the synthetic sources (the sandbox's ccTLDs). */
const DEMO_TLDS = ['com', 'co.uk', 'de', 'fr', 'jp'];

export const DEMO_MONITORS: ReadonlyArray<{ name: string; prompts: string[] }> = [
  {
    name: 'Demo · Buying guides',
    prompts: [
      'best running shoes for beginners',
      'best running shoes 2026',
      'most comfortable running shoes for daily training',
      'best cushioned running shoes',
    ],
  },
  {
    name: 'Demo · Specific needs',
    prompts: [
      'best running shoes for flat feet',
      'running shoes for wide feet',
      'are Veloxa running shoes good for knee pain',
    ],
  },
  {
    name: 'Demo · Trail and race',
    prompts: [
      'best trail running shoes',
      'best marathon racing shoes',
      'lightweight running shoes for 5k races',
    ],
  },
];

export interface DemoBrand {
  name: string;
  kind: 'brand' | 'competitor';
  aliases: string[];
  domains: string[];
}

const FOCUS = 'Veloxa';
const COMPETITORS = ['Pacer & Co', 'Fleetfoot', 'Norrun', 'Cadence', 'Stridewell'];

/** The focus brand and its competitors: the product line as alias, the brand's sites per country. */
export function demoBrands(): DemoBrand[] {
  const category = CATEGORIES.find((c) => c.id === DEMO_CATEGORY);
  if (!category) throw new Error(`The sandbox catalog has no ${DEMO_CATEGORY} category`);
  return [FOCUS, ...COMPETITORS].map((name) => ({
    name,
    kind: name === FOCUS ? 'brand' : 'competitor',
    aliases: [`${name} ${productLineOf(category, name)}`],
    domains: DEMO_TLDS.map((tld) => `${slug(name)}.${tld}`),
  }));
}

/**
 * Which demo: 'spec' asks the engines the spec lists as available (assistant-a), as above;
 * 'preview' asks every engine through the "Preview: all engines" profile (the sandbox serves
 * the ones the spec still lists as coming soon), so the heatmap, leaderboards and Compare show
 * engines side by side: the app's and `parallax demo`'s default. It trades places and repeats
 * for engines (8 engines × 2 countries × 2 repeats: 320 answers a day against the spec's 240).
 * Two repeats, not one: with one answer a cell, every answer that names a competitor one day
 * and not the next is an alert (about 40 a day on this demo); with two, a cell's change must
 * stand out of its repeats' noise, as the alert rules ask (about 2 a day, as the spec demo).
 */
export type DemoVariant = 'spec' | 'preview';

export interface DemoShape {
  engines: EngineName[];
  countries: string[];
  states: string[];
  repeats: number;
}

export const DEMO_SHAPES: Readonly<Record<DemoVariant, DemoShape>> = {
  spec: { engines: DEMO_ENGINES, countries: DEMO_COUNTRIES, states: DEMO_STATES, repeats: DEMO_REPEATS },
  preview: { engines: [...ENGINE_NAMES], countries: ['US', 'DE'], states: [], repeats: 2 },
};

/**
 * The demo's own commerce events, dated back from its last UTC day so that a demo of two weeks
 * or more sees each begin (on top of the sandbox's scheduled ones): a price cut on the focus
 * brand's product, a competitor's ads beside the answers that name the focus brand, and a
 * competitor's product leaving the shelf for a few days.
 */
export function demoCommerceEvents(lastDay: number): CommerceEvent[] {
  return [
    { kind: 'price-cut', brand: FOCUS, cut: PRICE_CUT, fromDay: lastDay - 12, toDay: lastDay },
    { kind: 'conquest', brand: 'Pacer & Co', target: FOCUS, fromDay: lastDay - 8, toDay: lastDay },
    { kind: 'delist', brand: 'Fleetfoot', fromDay: lastDay - 5, toDay: lastDay - 2 },
  ];
}

/** The run spec of one demo monitor (tagged 'demo', synchronous, fan-out queries, Markdown, shopping and ads tracked). */
export function demoSpec(
  monitor: { name: string; prompts: string[] },
  variant: DemoVariant = 'spec',
): RunSpec {
  const shape = DEMO_SHAPES[variant];
  return runSpecSchema.parse({
    name: monitor.name,
    prompts: monitor.prompts,
    engines: shape.engines,
    countries: shape.countries,
    states: shape.states,
    repeats: shape.repeats,
    mode: 'sync',
    // Markdown, shopping cards and ads give competitor discovery its list items, merchants and
    // advertisers (the brand entities come with every assistant-a answer), and the Commerce view
    // its shelves and ads: "track shopping and ads" sets include.shopping and include.ads on
    // assistant-a (as its options always did, in the same order: the answers stay the same); the
    // other engines send theirs unasked. Products are not expanded (search-ai would charge more).
    engineOptions: {
      'assistant-a': { include: { searchQueries: true, markdown: true, shopping: true, ads: true } },
    },
    commerce: { shoppingAndAds: true, expandProducts: false },
    tags: [DEMO_TAG],
  });
}
