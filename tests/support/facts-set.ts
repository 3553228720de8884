import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { z } from 'zod';
import type { BrandDefinition } from '../../src/shared/analytics/brand-types';
import {
  checkFacts,
  parseFactSheet,
  type BrandFactSheet,
  type FactCheck,
  type FactVerdict,
} from '../../src/shared/facts';

// The labelled facts set (tests/fixtures/facts, see its README) read and checked, and the
// scoring the regression test and the benchmark share, so both report the same figures.

const DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'facts');
const VERDICT = z.enum(['supported', 'contradicted']);
const ANSWER = z.object({
  id: z.string().regex(/^[a-z]{2}-\d{2}$/u),
  /** The second batch, written after tuning and never tuned on. */
  heldOut: z.boolean().optional(),
  brands: z.array(z.string()).min(1),
  country: z.string().length(2),
  text: z.string().min(1),
  labels: z.record(z.string(), z.record(z.string(), VERDICT)),
});
const FILE = z.object({ language: z.string().length(2), answers: z.array(ANSWER).min(1) });

const NAMES: Readonly<Record<string, string>> = {
  keyfort: 'Keyfort',
  vaultico: 'Vaultico',
  taskwell: 'Taskwell',
};

export interface LabelledFactAnswer {
  id: string;
  language: string;
  country: string;
  text: string;
  heldOut: boolean;
  /** 1: written before the checker; 2: written after it was tuned, never tuned on. */
  batch: 1 | 2;
  brands: readonly BrandDefinition[];
  sheets: BrandFactSheet[];
  /** Expected verdict by `${brandId}/${key}`, for every fact of every brand named. */
  expected: Map<string, FactVerdict>;
}

export function loadFactSheets(): Map<string, BrandFactSheet> {
  const sheets = new Map<string, BrandFactSheet>();
  for (const file of readdirSync(join(DIR, 'sheets'))) {
    const [brandId, ext] = file.split('.') as [string, string];
    const parsed = parseFactSheet(
      readFileSync(join(DIR, 'sheets', file), 'utf8'),
      ext === 'csv' ? 'csv' : 'yaml',
    );
    if (parsed.errors.length > 0) throw new Error(`${file}: ${JSON.stringify(parsed.errors)}`);
    sheets.set(brandId, { brandId, facts: parsed.facts });
  }
  return sheets;
}

/** The set's three brands, as the answers name them. */
export const FACT_SET_BRANDS: readonly BrandDefinition[] = Object.entries(NAMES).map(([id, name]) => ({
  id,
  name,
  kind: 'brand',
  aliases: [],
  domains: [],
}));

export function loadFactsSet(): LabelledFactAnswer[] {
  const sheets = loadFactSheets();
  const brands = FACT_SET_BRANDS;
  const out: LabelledFactAnswer[] = [];
  for (const file of readdirSync(DIR)
    .filter((f) => f.endsWith('.yaml'))
    .sort()) {
    const data = FILE.parse(parse(readFileSync(join(DIR, file), 'utf8')));
    for (const a of data.answers) {
      const own = a.brands.map((id) => sheets.get(id) as BrandFactSheet);
      const expected = new Map<string, FactVerdict>();
      for (const sheet of own)
        for (const fact of sheet.facts)
          expected.set(
            `${sheet.brandId}/${fact.key}`,
            a.labels[sheet.brandId]?.[fact.key] ?? 'not-addressed',
          );
      out.push({
        id: a.id,
        language: data.language,
        country: a.country,
        text: a.text,
        heldOut: a.heldOut === true || Number(a.id.slice(3)) % 3 === 0,
        batch: a.heldOut === true ? 2 : 1,
        brands,
        sheets: [...sheets.values()],
        expected,
      });
    }
  }
  return out;
}

export interface FactsScore {
  checks: number;
  agreed: number;
  /** Contradictions: found and labelled, found but not labelled, labelled but not found. */
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  mistakes: string[];
}

export const emptyFactsScore = (): FactsScore => ({
  checks: 0,
  agreed: 0,
  truePositives: 0,
  falsePositives: 0,
  falseNegatives: 0,
  mistakes: [],
});

export function runChecker(a: LabelledFactAnswer): FactCheck[] {
  return checkFacts({
    text: a.text,
    format: 'markdown',
    language: a.language,
    country: a.country,
    brands: a.brands,
    sheets: a.sheets,
  });
}

export function scoreFactAnswer(
  score: FactsScore,
  a: LabelledFactAnswer,
  checks: readonly FactCheck[],
): void {
  const got = new Map(checks.map((c) => [`${c.brandId}/${c.key}`, c]));
  for (const [k, want] of a.expected) {
    const verdict = got.get(k)?.verdict ?? 'missing';
    score.checks++;
    if (verdict === want) score.agreed++;
    else
      score.mistakes.push(`${a.id} ${k}: want ${want}, got ${verdict} (${got.get(k)?.evidence?.text ?? ''})`);
    if (verdict === 'contradicted' && want === 'contradicted') score.truePositives++;
    if (verdict === 'contradicted' && want !== 'contradicted') score.falsePositives++;
    if (verdict !== 'contradicted' && want === 'contradicted') score.falseNegatives++;
  }
}

export const precisionOf = (s: FactsScore): number =>
  s.truePositives + s.falsePositives === 0 ? 1 : s.truePositives / (s.truePositives + s.falsePositives);
export const recallOf = (s: FactsScore): number =>
  s.truePositives + s.falseNegatives === 0 ? 1 : s.truePositives / (s.truePositives + s.falseNegatives);
