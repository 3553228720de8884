import { CATEGORIES } from '../../sandbox/engines/catalog';
import { scheduledEvents } from '../../sandbox/engines/drift';
import { commerceEventsBetween, type CommerceEventKind } from '../../sandbox/engines/commerce';
import { positioningEventsBetween, type PositioningEventKind } from '../../sandbox/engines/positioning';
import {
  DEMO_CATEGORY,
  DEMO_SEED,
  DEMO_SHAPES,
  demoBrands,
  demoCommerceEvents,
  type DemoVariant,
} from './plan';

// What happens in a demo history, by the sandbox's schedule: the events that move its answers
// (sandbox/engines/drift.ts for ranks, sandbox/engines/positioning/events.ts for how brands are
// presented, sandbox/engines/commerce/events.ts for shelves and ads, with the demo's own commerce
// events), restricted to what the demo asks (its engines, countries and brands). The ground
// truth a findings engine or a test can hold the history's "what changed" against:
// `parallax demo --events`.

export type DemoEventKind = 'surge' | 'vanish' | PositioningEventKind | CommerceEventKind;

export interface DemoEvent {
  kind: DemoEventKind;
  brand: string;
  /** surge, sour: the country (every engine; US includes the US state the demo asks). */
  country?: string;
  /** vanish, top-pick: the engine (every country). */
  engine?: string;
  /** attribute-gain, attribute-loss: the attribute's canonical key. */
  attribute?: string;
  /** conquest: the brand beside whose answers `brand`'s ads appear. */
  target?: string;
  /** price-cut: the share taken off the product's price (0.25: 25 %). */
  cut?: number;
  /** First and last UTC days, inclusive (YYYY-MM-DD), and their day numbers. */
  from: string;
  to: string;
  fromDay: number;
  toDay: number;
}

const DAY_MS = 86_400_000;
const iso = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The events touching the demo's engines, countries and brands on UTC days fromDay..toDay, by start. */
export function demoEventsBetween(
  fromDay: number,
  toDay: number,
  variant: DemoVariant = 'spec',
): DemoEvent[] {
  const category = CATEGORIES.find((c) => c.id === DEMO_CATEGORY);
  if (!category) return [];
  const brands = new Set(demoBrands().map((b) => b.name));
  const shape = DEMO_SHAPES[variant];
  const countries = new Set(shape.countries);
  const engines = new Set<string>(shape.engines);
  const ranks = [];
  // Rank events last at most 7 days and start in their week (drift.ts).
  for (let w = Math.floor(fromDay / 7) - 1; w <= Math.floor(toDay / 7); w++)
    ranks.push(...scheduledEvents(DEMO_SEED, category.id, category.global, w));
  const commerce = [
    ...commerceEventsBetween(DEMO_SEED, category.id, category.global, fromDay, toDay),
    ...demoCommerceEvents(toDay).filter((e) => e.toDay >= fromDay && e.fromDay <= toDay),
  ];
  const placed = [
    ...ranks.filter((e) => e.toDay >= fromDay && e.fromDay <= toDay),
    ...positioningEventsBetween(DEMO_SEED, category.id, category.global, fromDay, toDay),
  ]
    .filter((e) => brands.has(e.brand))
    .filter((e) => e.country === undefined || countries.has(e.country))
    .filter((e) => e.engine === undefined || engines.has(e.engine));
  // Commerce events are on every engine and country; a conquest matters to the brand whose
  // answers it is beside, the others to their own brand.
  const shelves = commerce.filter((e) => brands.has(e.target ?? e.brand));
  return [...placed, ...shelves]
    .map((e) => ({ ...e, from: iso(e.fromDay), to: iso(e.toDay) }))
    .sort((a, b) => a.fromDay - b.fromDay || a.kind.localeCompare(b.kind) || a.brand.localeCompare(b.brand));
}
