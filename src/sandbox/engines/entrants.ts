import { hashParts } from '../core/prng';
import type { Region } from './locales';

// Newcomers in a category: names the answers start to recommend that no ranked catalog brand
// is, so competitor discovery has something to find. They are appended after the ranked
// brands (ranks, products, sources and ads of the catalog brands are untouched, and no random
// draw is consumed: the issue-12 drift model stays as it was), and named as brand entities.
// - Rotating entrants: each is in the answers 30 days out of every 90, the three of a category
//   staggered by 30 days, so any 30-day period sees one arrive that the 30 days before did not
//   name (a "new entrant"), whatever day a demo history ends on.
// - Local newcomers: a German name with an umlaut in DACH answers and a Japanese name in JP
//   answers, each written in several ways (legal forms, company markers, capitals) the way
//   engines do, so the queue shows their variants pooled.

export interface Entrant {
  /** How the answer's list writes it. */
  name: string;
  /** How the engine's brand entity writes it. */
  entityName: string;
  /** Advertises in the answers it is in. */
  advertises: boolean;
}

interface RotatingEntrant {
  name: string;
  entityName: string;
}

const CYCLE_DAYS = 90;
const PRESENT_DAYS = 30;

const ROTATING: Readonly<Record<string, readonly RotatingEntrant[]>> = {
  'running-shoes': [
    { name: 'Kinetica', entityName: 'Kinetica Inc.' },
    { name: 'Swiftsole', entityName: 'SWIFTSOLE' },
    { name: 'Apex Stride', entityName: 'Apex Stride Ltd' },
  ],
  laptops: [
    { name: 'Corelight', entityName: 'Corelight Inc.' },
    { name: 'Nimbook', entityName: 'Nimbook' },
    { name: 'Voltera', entityName: 'Voltera Corp' },
  ],
};

const LOCAL: Readonly<Partial<Record<Region, readonly RotatingEntrant[]>>> = {
  DACH: [{ name: 'Läuferwerk', entityName: 'Läuferwerk GmbH' }],
  JP: [{ name: 'ハヤテ', entityName: '株式会社ハヤテ' }],
};

export interface EntrantInput {
  seed: number;
  categoryId: string;
  region: Region;
  engine: string;
  prompt: string;
  country: string;
  day: number;
}

/** Whether a rotating entrant is in circulation on a day. */
export function entrantPresent(seed: number, categoryId: string, index: number, day: number): boolean {
  const phase = hashParts(seed, categoryId, 'entrants') % CYCLE_DAYS;
  return (((day + phase + index * PRESENT_DAYS) % CYCLE_DAYS) + CYCLE_DAYS) % CYCLE_DAYS < PRESENT_DAYS;
}

/** The newcomers one answer names, in order (deterministic per request and day). */
export function entrantsFor(input: EntrantInput): Entrant[] {
  const out: Entrant[] = [];
  const picked = (name: string, percent: number): boolean =>
    hashParts(input.seed, input.engine, input.prompt, input.country, input.day, name) % 100 < percent;
  (ROTATING[input.categoryId] ?? []).forEach((e, i) => {
    if (entrantPresent(input.seed, input.categoryId, i, input.day) && picked(e.name, 55))
      out.push({ ...e, advertises: picked(`${e.name}/ad`, 40) });
  });
  if (input.categoryId === 'running-shoes')
    for (const e of LOCAL[input.region] ?? []) {
      if (!picked(e.name, 45)) continue;
      // Engines disagree on how to write a company: "Läuferwerk", "LÄUFERWERK", "Läuferwerk GmbH".
      const variant = hashParts(input.engine, input.prompt, input.day, e.name) % 3;
      const name =
        variant === 2
          ? e.entityName
          : variant === 1 && /\p{Lu}/u.test(e.name)
            ? e.name.toUpperCase()
            : e.name;
      out.push({ name, entityName: e.entityName, advertises: false });
    }
  return out;
}

/** Every way an answer can write a newcomer (its name, its company form, upper case), for reading answers back. */
export function entrantNameForms(): string[] {
  const all = [...Object.values(ROTATING).flat(), ...Object.values(LOCAL).flat()];
  return [...new Set(all.flatMap((e) => [e.name, e.entityName, e.name.toUpperCase()]))];
}
