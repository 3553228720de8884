import { count, percent, percentRange, points } from '../../narrative/numbers';
import { rankEvents, type Candidate, type Event } from './commerce';
import { defaultEngineLabel } from './phrase';
import { testRates, type TestResult } from './significance';
import type { Estimate, FactsPeriodSums, FindingsInput } from './types';

// The facts events of What changed: a fact of a tracked brand that an engine now contradicts
// and did not in the earlier period (none of its answers addressing the fact then did), and a
// brand whose discrepancy rate (answers contradicting any of its facts, over those addressing
// any) rose. Each is a two-proportion test over the answers addressing the fact or the facts,
// never significant below 30 answers a side, ranked with the commerce events' rule.

/** A quote longer than this is cut at a word in the sentence. */
const QUOTE_CHARS = 120;

interface Sums {
  addressing: number;
  contradicted: number;
  evidence: string | null;
}

function add(map: Map<string, Sums>, key: string, row: Sums): void {
  const sums = map.get(key) ?? { addressing: 0, contradicted: 0, evidence: null };
  sums.addressing += row.addressing;
  sums.contradicted += row.contradicted;
  sums.evidence ??= row.evidence;
  map.set(key, sums);
}

/** Per brand × fact × engine, summed over the locations. */
function byEngine(sums: FactsPeriodSums | undefined): Map<string, Sums> {
  const map = new Map<string, Sums>();
  for (const r of sums?.facts ?? []) add(map, `${r.brandId}\u0001${r.key}\u0001${r.engine}`, r);
  return map;
}

/** Per brand, summed over every cell. */
function byBrand(sums: FactsPeriodSums | undefined): Map<string, Sums> {
  const map = new Map<string, Sums>();
  for (const r of sums?.brands ?? [])
    add(map, r.brandId, { addressing: r.addressing, contradicted: r.contradicting, evidence: null });
  return map;
}

/** '3 of 40 answers addressing it (8 %, 95 % interval 3–20 %)'. */
function shareWords(e: Estimate, k: number, what: string): string {
  return `${count(k)} of ${count(e.n)} answers ${what} (${percent(e.value)}, 95 % interval ${percentRange(e.lower, e.upper)})`;
}

/** The quote, cut at a word when long, in curly quotes. */
function quote(text: string): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  if (flat.length <= QUOTE_CHARS) return `“${flat}”`;
  const cut = flat.slice(0, QUOTE_CHARS);
  return `“${cut.slice(0, Math.max(cut.lastIndexOf(' '), QUOTE_CHARS / 2)).trimEnd()}…”`;
}

function newContradictions(input: FindingsInput, name: (id: string) => string): Event[] {
  const before = byEngine(input.previous.facts);
  const label = input.engineLabel ?? defaultEngineLabel;
  const events: Event[] = [];
  for (const [id, now] of byEngine(input.current.facts)) {
    const was = before.get(id) ?? { addressing: 0, contradicted: 0, evidence: null };
    if (now.contradicted === 0 || was.contradicted > 0) continue;
    const [brandId, key, engine] = id.split('\u0001') as [string, string, string];
    const result: TestResult = testRates(0, was.addressing, now.contradicted, now.addressing);
    const earlier =
      was.addressing === 0
        ? 'no answer addressed it in the earlier period'
        : `none of ${count(was.addressing)} before`;
    const said = now.evidence === null ? '' : ` (${quote(now.evidence)})`;
    events.push({
      kind: 'new-contradiction',
      key: `fact|${id}`,
      brandId,
      focus: brandId === input.focusBrandId,
      result,
      thin: [was.addressing, now.addressing],
      effect: result.delta,
      words: `${label(engine)} now contradicts ${name(brandId)}'s fact "${key}"${said} in ${shareWords(result.after, now.contradicted, 'addressing it')}; ${earlier}`,
      drill: { period: 'current', engine, facts: { brandId, key } },
      scope: { engine },
      fact: key,
    });
  }
  return events;
}

function discrepancyRises(input: FindingsInput, name: (id: string) => string): Event[] {
  const before = byBrand(input.previous.facts);
  const events: Event[] = [];
  for (const [brandId, now] of byBrand(input.current.facts)) {
    const was = before.get(brandId);
    if (was === undefined || was.addressing === 0) continue;
    const result = testRates(was.contradicted, was.addressing, now.contradicted, now.addressing);
    if (result.delta <= 0) continue;
    events.push({
      kind: 'discrepancy-rate',
      key: `discrepancy|${brandId}`,
      brandId,
      focus: brandId === input.focusBrandId,
      result,
      thin: [was.addressing, now.addressing],
      effect: result.delta,
      words: `${name(brandId)}'s discrepancy rate rose ${points(result.delta)} (${percent(result.before.value)} → ${percent(result.after.value)}): ${shareWords(result.after, now.contradicted, 'addressing its facts contradict one')}, against ${count(was.contradicted)} of ${count(was.addressing)} before`,
      drill: { period: 'current', facts: { brandId } },
    });
  }
  return events;
}

/** The period's facts events as ranked candidates, and how many were tested. */
export function factsEvents(input: FindingsInput, fdr: number): { candidates: Candidate[]; tests: number } {
  if (!input.current.facts || !input.previous.facts) return { candidates: [], tests: 0 };
  const names = new Map(input.brands.map((b) => [b.id, b.name]));
  const name = (id: string): string => names.get(id) ?? id;
  const events = [...newContradictions(input, name), ...discrepancyRises(input, name)];
  return { candidates: rankEvents(input, events, fdr), tests: events.length };
}
