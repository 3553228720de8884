import { isThin, type Coverage } from '../evidence';
import { shortEarlierOf } from './coverage';
import { cellId } from './subjects';
import { caveatWords, percent, placeName } from './phrase';
import { benjaminiHochberg, testMeans, testRates, type TestResult } from './significance';
import type {
  CellKey,
  CommercePeriodSums,
  DrillSpec,
  Finding,
  FindingKind,
  FindingsInput,
  ProductDaySums,
} from './types';

// The commerce events of What changed: a tracked brand's product left or entered the shelf, its
// price moved 10 % or more, a new advertiser showed up on the prompts, a competitor began
// advertising on prompts naming the focus brand. Each is a two-period test like the scan's (a
// rate over the answers with a shelf or with ads; a price as the mean of its daily means), the
// p-values controlled together (Benjamini–Hochberg), never significant below 30 answers (priced
// slots for a price) a side, and ranked by the same rule: the focus brand's significant ones first.

/** A finding not yet worded, with what the ranking sorts by. */
export interface Candidate {
  tier: number;
  score: number;
  key: string;
  build: () => Finding;
}

/** A price change this big (either way) is an event. */
export const PRICE_MOVE = 0.1;
/** A product, advertiser or conquest counts as on or off the shelf from this many answers on its side. */
const MIN_EVENT = 2;
const NOT_SIGNIFICANT_WEIGHT = 0.25;

/** A two-period event not yet ranked: commerce's here, the facts' in facts.ts. */
export interface Event {
  kind: FindingKind;
  key: string;
  brandId: string | null;
  focus: boolean;
  result: TestResult;
  /** The n the thin-data rule reads (answers, or priced slots for a price). */
  thin: [number, number];
  effect: number;
  words: string;
  drill: DrillSpec;
  /** Where it is measured (default: a product's location, else everywhere). */
  scope?: Partial<CellKey>;
  product?: Finding['product'];
  advertiser?: string;
  fact?: string;
}

const shopAnswers = (s: CommercePeriodSums | undefined): number =>
  (s?.shopping ?? []).reduce((sum, c) => sum + c.answers, 0);

function byKey<T>(rows: readonly T[], key: (r: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const r of rows) {
    const list = map.get(key(r));
    if (list) list.push(r);
    else map.set(key(r), [r]);
  }
  return map;
}

const sumOf = <T>(rows: readonly T[] | undefined, f: (r: T) => number): number =>
  (rows ?? []).reduce((s, r) => s + f(r), 0);

/** A tracked brand's product that left (or entered) the shelf: its slots over the answers with a shelf. */
function productEvents(input: FindingsInput, name: (id: string) => string): Event[] {
  const [b, a] = [input.previous.commerce, input.current.commerce];
  const [n0, n1] = [shopAnswers(b), shopAnswers(a)];
  if (n0 === 0 || n1 === 0) return [];
  const tracked = (r: ProductDaySums) => r.brandId !== null;
  const before = byKey((b?.products ?? []).filter(tracked), (r) => r.title);
  const after = byKey((a?.products ?? []).filter(tracked), (r) => r.title);
  const events: Event[] = [];
  for (const title of new Set([...before.keys(), ...after.keys()])) {
    const k0 = Math.min(
      n0,
      sumOf(before.get(title), (r) => r.slots),
    );
    const k1 = Math.min(
      n1,
      sumOf(after.get(title), (r) => r.slots),
    );
    const left = k1 === 0 && k0 >= MIN_EVENT;
    if (!left && !(k0 === 0 && k1 >= MIN_EVENT)) continue;
    const brandId = ((before.get(title) ?? after.get(title)) as ProductDaySums[])[0]?.brandId ?? null;
    const result = testRates(k0, n0, k1, n1);
    events.push({
      kind: 'product-shelf',
      key: `product|${title}`,
      brandId,
      focus: brandId === input.focusBrandId,
      result,
      thin: [n0, n1],
      effect: result.delta,
      words: `${name(brandId as string)}'s product "${title}" ${left ? 'left' : 'entered'} the shelf (in ${percent(result.before.value)} → ${percent(result.after.value)} of the answers with a shopping surface)`,
      drill: { period: left ? 'previous' : 'current', commerce: { kind: 'product', title } },
      product: { title, loc: '', currency: null },
    });
  }
  return events;
}

/** Daily mean prices of one side: n days, their sum and sum of squares; and the priced slots. */
function dailyMeans(rows: readonly ProductDaySums[] | undefined) {
  const days = byKey(
    (rows ?? []).filter((r) => r.priced > 0),
    (r) => r.day,
  );
  let sum = 0;
  let sumSq = 0;
  for (const list of days.values()) {
    const mean = sumOf(list, (r) => r.priceSum) / sumOf(list, (r) => r.priced);
    sum += mean;
    sumSq += mean * mean;
  }
  const priced = sumOf(rows, (r) => r.priced);
  return { n: days.size, sum, sumSq, priced, mean: priced > 0 ? sumOf(rows, (r) => r.priceSum) / priced : 0 };
}

function money(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/** A tracked brand's product whose mean price in a location and currency moved by 10 % or more. */
function priceEvents(input: FindingsInput, name: (id: string) => string): Event[] {
  const key = (r: ProductDaySums) => `${r.title}\u0001${r.loc}\u0001${r.currency}`;
  const tracked = (r: ProductDaySums) => r.brandId !== null && r.currency !== '';
  const before = byKey((input.previous.commerce?.products ?? []).filter(tracked), key);
  const after = byKey((input.current.commerce?.products ?? []).filter(tracked), key);
  const events: Event[] = [];
  for (const [k, rows] of after) {
    const [b, a] = [dailyMeans(before.get(k)), dailyMeans(rows)];
    if (b.priced === 0 || a.priced === 0) continue;
    const change = a.mean / b.mean - 1;
    if (Math.abs(change) < (input.priceMove ?? PRICE_MOVE) - 1e-12) continue;
    const { title, loc, currency, brandId } = rows[0] as ProductDaySums;
    const test = testMeans(b, a);
    const result: TestResult = {
      ...test,
      before: { ...test.before, value: b.mean, n: b.priced },
      after: { ...test.after, value: a.mean, n: a.priced },
    };
    events.push({
      kind: 'price',
      key: `price|${k}`,
      brandId,
      focus: brandId === input.focusBrandId,
      result,
      thin: [b.priced, a.priced],
      effect: change,
      words: `The price of ${name(brandId as string)}'s "${title}" in ${placeName(loc)} ${change > 0 ? 'rose' : 'fell'} ${Math.round(Math.abs(change) * 100)} % (${money(b.mean, currency)} → ${money(a.mean, currency)} on average)`,
      drill: { period: 'current', loc, commerce: { kind: 'product', title } },
      product: { title, loc, currency },
    });
  }
  return events;
}

/** An advertiser with no ad in the previous period and ads now: its answers over the answers with ads. */
function advertiserEvents(input: FindingsInput, name: (id: string) => string): Event[] {
  const [b, a] = [input.previous.commerce, input.current.commerce];
  const [n0, n1] = [b?.withAds ?? 0, a?.withAds ?? 0];
  if (n0 === 0 || n1 === 0) return [];
  // A tracked brand's ads are stored under its id (its name and domains alike), others by name.
  const who = (r: { advertiser: string; brandId: string | null }) => r.brandId ?? r.advertiser;
  const seen = new Set((b?.advertisers ?? []).filter((r) => r.answers > 0).map(who));
  const now = byKey(a?.advertisers ?? [], who);
  const events: Event[] = [];
  for (const [id, rows] of now) {
    const k1 = Math.min(
      n1,
      sumOf(rows, (r) => r.answers),
    );
    if (seen.has(id) || k1 < MIN_EVENT) continue;
    const { brandId, advertiser } = rows[0] as { advertiser: string; brandId: string | null };
    const shown = brandId === null ? advertiser : name(brandId);
    const result = testRates(0, n0, k1, n1);
    events.push({
      kind: 'advertiser',
      key: `advertiser|${id}`,
      brandId,
      focus: brandId !== null && brandId === input.focusBrandId,
      result,
      thin: [n0, n1],
      effect: result.delta,
      words: `A new advertiser on your prompts: ${shown} (its ads in ${percent(result.after.value)} of the answers with ads, none before)`,
      drill: {
        period: 'current',
        commerce: brandId === null ? { kind: 'advertiser', advertiser } : { kind: 'brand-ads', brandId },
      },
      advertiser: shown,
    });
  }
  return events;
}

/** A competitor that began advertising on answers whose prompt names the focus brand. */
function conquestEvents(input: FindingsInput, name: (id: string) => string): Event[] {
  const focus = input.focusBrandId;
  const [b, a] = [input.previous.commerce, input.current.commerce];
  const [n0, n1] = [b?.withAds ?? 0, a?.withAds ?? 0];
  if (focus === null || n0 === 0 || n1 === 0) return [];
  const before = new Set(
    (b?.conquest ?? []).filter((r) => r.victimId === focus && r.answers > 0).map((r) => r.brandId),
  );
  const after = byKey(
    (a?.conquest ?? []).filter((r) => r.victimId === focus && r.brandId !== focus),
    (r) => r.brandId,
  );
  const events: Event[] = [];
  for (const [rival, rows] of after) {
    const k1 = Math.min(
      n1,
      sumOf(rows, (r) => r.answers),
    );
    if (before.has(rival) || k1 < MIN_EVENT) continue;
    const result = testRates(0, n0, k1, n1);
    events.push({
      kind: 'conquest',
      key: `conquest|${rival}`,
      brandId: focus,
      focus: true,
      result,
      thin: [n0, n1],
      effect: result.delta,
      words: `${name(rival)} began advertising on prompts naming ${name(focus)} (in ${percent(result.after.value)} of the answers with ads, none before)`,
      drill: { period: 'current', commerce: { kind: 'conquest', brandId: focus, advertiserId: rival } },
      advertiser: name(rival),
    });
  }
  return events;
}

function findingOf(e: Event, q: number, fdr: number, score: number, shortEarlier: Coverage | null): Finding {
  const fewAnswers = isThin(e.thin[0], e.thin[1]);
  return {
    kind: e.kind,
    text: '',
    effect: e.effect,
    effectSize: e.result.size,
    significant: q <= fdr && !fewAnswers,
    fewAnswers,
    shortEarlier,
    pValue: e.result.pValue,
    qValue: q,
    score,
    brandId: e.brandId,
    domain: null,
    attribute: null,
    scope: scopeOf(e),
    before: { ...e.result.before, n: e.thin[0] },
    after: { ...e.result.after, n: e.thin[1] },
    concentration: [],
    competitor: null,
    changeDay: null,
    resultIds: [],
    ...(e.product ? { product: e.product } : {}),
    ...(e.advertiser !== undefined ? { advertiser: e.advertiser } : {}),
    ...(e.fact !== undefined ? { fact: e.fact } : {}),
  };
}

const scopeOf = (e: Event): Partial<CellKey> => e.scope ?? (e.product?.loc ? { loc: e.product.loc } : {});

/** The period's commerce events as ranked candidates, and how many were tested. */
export function commerceEvents(
  input: FindingsInput,
  fdr: number,
): { candidates: Candidate[]; tests: number } {
  if (!input.current.commerce || !input.previous.commerce) return { candidates: [], tests: 0 };
  const names = new Map(input.brands.map((b) => [b.id, b.name]));
  const name = (id: string): string => names.get(id) ?? id;
  const events = [
    ...productEvents(input, name),
    ...priceEvents(input, name),
    ...advertiserEvents(input, name),
    ...conquestEvents(input, name),
  ];
  return { candidates: rankEvents(input, events, fdr), tests: events.length };
}

/**
 * Events as ranked candidates: their p-values controlled together (Benjamini–Hochberg), never
 * significant on thin data, the focus brand's significant ones first.
 */
export function rankEvents(input: FindingsInput, events: readonly Event[], fdr: number): Candidate[] {
  const q = benjaminiHochberg(events.map((e) => e.result.pValue));
  // Like with like, as for every other finding: an event whose earlier period covers far fewer
  // days or cells (of its scope, or of every cell) says so and ranks below comparable ones.
  const shortOf = shortEarlierOf(input);
  const cellsOf = (scope: Partial<CellKey>): string[] =>
    scope.engine === undefined && scope.loc === undefined
      ? []
      : input.current.cells
          .filter((c) => (scope.engine ?? c.engine) === c.engine && (scope.loc ?? c.loc) === c.loc)
          .map((c) => cellId(c));
  return events.map((e, i): Candidate => {
    const shortEarlier = shortOf(cellsOf(scopeOf(e)));
    const qValue = q[i] as number;
    const significant = qValue <= fdr && !isThin(e.thin[0], e.thin[1]);
    const size = Number.isFinite(e.result.size) ? Math.abs(e.result.size) : 0;
    const score = Math.min(3, size) * (significant ? 1 : NOT_SIGNIFICANT_WEIGHT) * (e.focus ? 2 : 1);
    return {
      tier: (e.focus && significant ? 0 : 2) + (shortEarlier === null ? 0 : 1),
      score,
      key: e.key,
      build: () => {
        const finding = findingOf(e, qValue, fdr, score, shortEarlier);
        finding.text = `${e.words}${caveatWords(finding)}.`;
        finding.resultIds = input.drill?.(e.drill) ?? [];
        return finding;
      },
    };
  });
}
