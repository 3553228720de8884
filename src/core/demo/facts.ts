import type { Fact } from '../../shared/facts';
import { CATEGORIES } from '../../sandbox/engines/catalog';
import { sandboxFactSheet, type SandboxFact } from '../../sandbox';
import { DEMO_CATEGORY } from './plan';

// The demo brands' fact sheets: what is true about each on the demo's last day, as the sandbox
// knows it, so the answers to the demo's branded prompt (which state facts, some stale or
// wrong in the sandbox's scripted ways) are checked at ingest and the Facts panel has errors
// to show.

function factOf(f: SandboxFact): Fact | null {
  const words = f.words ?? [];
  switch (f.kind) {
    case 'price':
      return typeof f.value === 'object' ? { key: f.key, kind: 'price', value: { ...f.value }, words } : null;
    case 'yes-no':
      return typeof f.value === 'boolean' ? { key: f.key, kind: 'yes-no', value: f.value, words } : null;
    case 'year':
      return typeof f.value === 'number' ? { key: f.key, kind: 'year', value: f.value, words } : null;
    case 'place':
      return typeof f.value === 'string' ? { key: f.key, kind: 'place', value: f.value, words } : null;
  }
}

/** A demo brand's sheet as true on a UTC day number; empty for a brand the catalogue lacks. */
export function demoFactSheet(brand: string, day: number): Fact[] {
  const category = CATEGORIES.find((c) => c.id === DEMO_CATEGORY);
  if (!category || !category.global.includes(brand)) return [];
  return sandboxFactSheet(brand, category, day).flatMap((f) => factOf(f) ?? []);
}
