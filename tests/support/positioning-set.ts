import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { z } from 'zod';
import type { BrandDefinition } from '../../src/shared/analytics/brand-types';
import type { BrandPositioning, PositioningStatus, SentimentLabel } from '../../src/shared/positioning';

// The labelled positioning set (tests/fixtures/positioning, see its README) read and checked,
// and the scoring both the regression test and the benchmark use, so they report the same
// figures.

const STATUS = z.enum(['top', 'recommended', 'mentioned', 'cautioned']);
const SENTIMENT = z.enum(['positive', 'neutral', 'negative']);
const BRAND = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  aliases: z.array(z.string()).optional(),
  kind: z.enum(['brand', 'competitor']).optional(),
  domains: z.array(z.string()).optional(),
});
const LABEL = z.object({ status: STATUS, sentiment: SENTIMENT, attributes: z.array(z.string()) });
const ANSWER = z.object({
  id: z.string().regex(/^[a-z]{2}-\d{2,3}$/u),
  category: z.string(),
  shape: z.string(),
  format: z.enum(['markdown', 'text']).optional(),
  brands: z.array(BRAND).min(1),
  text: z.string().min(1),
  labels: z.record(z.string(), LABEL),
});
/** `heldOut` set on a file holds all its answers out (or none) whatever their numbers. */
const FILE = z.object({
  language: z.string().length(2),
  heldOut: z.boolean().optional(),
  answers: z.array(ANSWER).min(1),
});

export interface LabelledAnswer {
  id: string;
  language: string;
  shape: string;
  format: 'markdown' | 'text';
  brands: BrandDefinition[];
  text: string;
  labels: Record<string, { status: PositioningStatus; sentiment: SentimentLabel; attributes: string[] }>;
  /** Held out while tuning: answers whose number is divisible by 3, or every answer of a file marked `heldOut: true`. */
  heldOut: boolean;
  /** The file's name without `.yaml` (`en`, `indirect-en`): which part of the set it belongs to. */
  file: string;
}

export const FIXTURE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'positioning');

// A worker runs several files that read the set (isolate: false): its 220 files are parsed
// once per worker, not once per test file (about 0.4 s of CPU each). Callers only read answers.
const loaded = new Map<string, readonly LabelledAnswer[]>();

/** Every labelled answer of the set in `dir`, in file order (a new array; the answers are shared). */
export function loadPositioningSet(dir = FIXTURE_DIR): LabelledAnswer[] {
  let set = loaded.get(dir);
  if (set === undefined) {
    set = parseSet(dir);
    loaded.set(dir, set);
  }
  return [...set];
}

function parseSet(dir: string): LabelledAnswer[] {
  const out: LabelledAnswer[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()) {
    const data = FILE.parse(parse(readFileSync(join(dir, file), 'utf8')));
    for (const a of data.answers) {
      const brands: BrandDefinition[] = a.brands.map((b, i) => ({
        id: b.id,
        name: b.name,
        kind: b.kind ?? (i === 0 ? 'brand' : 'competitor'),
        aliases: b.aliases ?? [],
        domains: b.domains ?? [],
      }));
      for (const id of Object.keys(a.labels)) {
        if (!brands.some((b) => b.id === id)) throw new Error(`${a.id}: label for undefined brand ${id}`);
      }
      const n = Number(a.id.slice(3));
      out.push({
        ...a,
        language: data.language,
        format: a.format ?? 'markdown',
        brands,
        heldOut: data.heldOut ?? n % 3 === 0,
        file: file.slice(0, -'.yaml'.length),
      });
    }
  }
  return out;
}

/** The held-out batches of the indirect part, as their files are named (indirect-<batch>-<lang>.yaml). */
const HELD_OUT_PARTS = [
  'fresh',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
  'eleventh',
] as const;

/** The held-out batches each written by an author who never saw the rules (the README's "second author" on). */
export const OUTSIDE_AUTHOR_BATCHES: readonly SetPart[] = ['eighth', 'ninth', 'tenth', 'eleventh'];

export type SetPart = 'first' | 'indirect' | (typeof HELD_OUT_PARTS)[number];

/**
 * Which part of the set an answer belongs to: the first part (one file per language), the
 * indirect-wording part tuned on (indirect-*.yaml), its second held-out batch
 * (indirect-fresh-*.yaml, written after judge version 4 was tuned), its third
 * (indirect-third-*.yaml, after version 5), its fourth (indirect-fourth-*.yaml, after
 * version 6), its fifth (indirect-fifth-*.yaml, after version 7), its sixth
 * (indirect-sixth-*.yaml, after version 8), its seventh (indirect-seventh-*.yaml, after
 * version 9), its eighth (indirect-eighth-*.yaml, by an outside author, before version 10 was
 * tuned), its ninth (indirect-ninth-*.yaml, before version 11), its tenth (indirect-tenth-*.yaml,
 * before version 12) or its eleventh (indirect-eleventh-*.yaml, before version 13), each by
 * another outside author, none ever tuned on.
 */
export function partOf(a: LabelledAnswer): SetPart {
  const named = /^indirect-([a-z]+)-/.exec(a.file)?.[1];
  const batch = HELD_OUT_PARTS.find((p) => p === named);
  if (batch !== undefined) return batch;
  return a.file.startsWith('indirect-') ? 'indirect' : 'first';
}

export interface Score {
  answers: number;
  judged: number;
  /** Status with top and recommended counted as one class (the target). */
  statusMerged: number;
  statusExact: number;
  sentiment: number;
  /** Labelled brands the judge gave no positioning. */
  missed: number;
  /** Brands judged that the answer does not name (labelled as absent). */
  falseBrands: number;
  attributeHits: number;
  attributeLabels: number;
  attributeOutput: number;
  /** confusion[label][judged] over statuses. */
  confusion: Record<PositioningStatus, Record<PositioningStatus | 'none', number>>;
  errors: string[];
}

const STATUSES: readonly PositioningStatus[] = ['top', 'recommended', 'mentioned', 'cautioned'];

export function emptyScore(): Score {
  const row = (): Record<PositioningStatus | 'none', number> => ({
    top: 0,
    recommended: 0,
    mentioned: 0,
    cautioned: 0,
    none: 0,
  });
  return {
    answers: 0,
    judged: 0,
    statusMerged: 0,
    statusExact: 0,
    sentiment: 0,
    missed: 0,
    falseBrands: 0,
    attributeHits: 0,
    attributeLabels: 0,
    attributeOutput: 0,
    confusion: { top: row(), recommended: row(), mentioned: row(), cautioned: row() },
    errors: [],
  };
}

const merged = (s: PositioningStatus): string => (s === 'top' ? 'recommended' : s);

/** Adds one answer's comparison to `score`. */
export function scoreAnswer(score: Score, a: LabelledAnswer, result: readonly BrandPositioning[]): void {
  score.answers++;
  const byId = new Map(result.map((p) => [p.brandId, p]));
  for (const p of result)
    if (a.labels[p.brandId] === undefined) {
      score.falseBrands++;
      score.errors.push(`${a.id} ${p.brandId}: judged but not named`);
    }
  for (const [id, label] of Object.entries(a.labels)) {
    score.judged++;
    const p = byId.get(id);
    score.confusion[label.status][p?.status ?? 'none']++;
    score.attributeLabels += label.attributes.length;
    if (p === undefined) {
      score.missed++;
      score.errors.push(`${a.id} ${id}: named but not judged`);
      continue;
    }
    if (merged(p.status) === merged(label.status)) score.statusMerged++;
    if (p.status === label.status) score.statusExact++;
    if (p.sentiment.label === label.sentiment) score.sentiment++;
    const got = new Set(p.attributes.map((x) => x.text));
    score.attributeOutput += got.size;
    score.attributeHits += label.attributes.filter((x) => got.has(x)).length;
    if (p.status !== label.status || p.sentiment.label !== label.sentiment) {
      score.errors.push(
        `${a.id} ${id}: status ${p.status} (label ${label.status}), sentiment ${p.sentiment.label} ${p.sentiment.score} (label ${label.sentiment})`,
      );
    }
  }
}

export function ratio(n: number, d: number): number {
  return d === 0 ? 1 : n / d;
}

export { STATUSES };
