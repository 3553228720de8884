import type { BrandDefinition } from '../../src/shared/analytics/brand-types';
import { loadPositioningSet, type LabelledAnswer } from '../support/positioning-set';
import { rng } from './bench-random';

// Answers for the positioning benches that name the bench's tracked brands the way engines do:
// the labelled set's realistic answers (tests/fixtures/positioning: ranked lists, pros and cons
// tables, comparisons, news, how-tos, warnings, in seven languages) with their brand names
// replaced by the bench's, joined into answers of 2-6 KB like the judge's CPU bench, plus one
// answer in seven that names no tracked brand.

export const BENCH_BRANDS: ReadonlyArray<Omit<BrandDefinition, 'id'>> = [
  { name: 'Veloxa', kind: 'brand', aliases: ['Veloxa Run'], domains: ['veloxa.com'] },
  { name: 'Fleetfoot', kind: 'competitor', aliases: [], domains: ['fleetfoot.io'] },
  { name: 'Stridewell', kind: 'competitor', aliases: [], domains: ['stridewell.com'] },
  { name: 'Pacer & Co', kind: 'competitor', aliases: ['Pacer'], domains: [] },
  { name: 'Trailhawk', kind: 'competitor', aliases: [], domains: ['trailhawk.de'] },
  { name: 'Cadence', kind: 'competitor', aliases: [], domains: [] },
  { name: 'Norrun', kind: 'competitor', aliases: [], domains: [] },
  { name: 'Altura', kind: 'competitor', aliases: [], domains: ['altura.fr'] },
];

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');

/** The answer's text with each of its brands' names (and aliases) replaced by a bench brand's name. */
function rebrand(a: LabelledAnswer, shift: number): string {
  const names: Array<[string, string]> = [];
  a.brands.forEach((b, i) => {
    const to = (BENCH_BRANDS[(shift + i) % BENCH_BRANDS.length] as { name: string }).name;
    for (const n of [b.name, ...b.aliases]) names.push([n, to]);
  });
  // Longest first, in one pass: "Closewell CRM" before "Closewell", never a name replaced twice.
  names.sort((x, y) => y[0].length - x[0].length);
  const pattern = new RegExp(names.map(([n]) => escape(n)).join('|'), 'gu');
  const map = new Map(names);
  return a.text.replace(pattern, (m) => map.get(m) ?? m);
}

const FILLER: Record<string, string> = {
  en: 'To care for running shoes, air them out after each run, loosen the laces fully before taking them off and keep them away from radiators.',
  de: 'Lüften Sie Laufschuhe nach jedem Lauf, öffnen Sie die Schnürung vor dem Ausziehen ganz und trocknen Sie sie nie auf der Heizung.',
  fr: 'Après chaque sortie, aérez vos chaussures, desserrez complètement les lacets avant de les retirer et évitez le radiateur.',
};

export interface BenchAnswer {
  text: string;
  language: string;
}

/** `count` answers, deterministic for a seed: 2-6 KB of one language each, one in seven naming no tracked brand. */
export function positioningAnswers(count: number, seed = 30): BenchAnswer[] {
  const r = rng(seed);
  const byLang = new Map<string, LabelledAnswer[]>();
  for (const a of loadPositioningSet()) byLang.set(a.language, [...(byLang.get(a.language) ?? []), a]);
  const langs = [...byLang.keys()];
  return Array.from({ length: count }, (_, i) => {
    const language = langs[i % langs.length] as string;
    if (i % 7 === 6) {
      const filler = FILLER[language] ?? FILLER.en;
      return { text: Array.from({ length: 8 }, () => filler).join('\n\n'), language };
    }
    const pool = byLang.get(language) as LabelledAnswer[];
    const parts: string[] = [];
    let size = 0;
    const target = 2048 + r() * 4096;
    while (size < target) {
      const a = pool[Math.floor(r() * pool.length)] as LabelledAnswer;
      const text = rebrand(a, Math.floor(r() * BENCH_BRANDS.length));
      parts.push(text);
      size += Buffer.byteLength(text);
    }
    return { text: parts.join('\n\n'), language };
  });
}
