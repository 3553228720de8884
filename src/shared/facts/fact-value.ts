import {
  FACT_KINDS,
  PRICE_PERIODS,
  type Fact,
  type FactKind,
  type FactSheetError,
  type PricePeriod,
} from './types';

// One fact from a sheet's raw row (YAML object or CSV row), each field checked on its own: a bad
// field names itself and its line, and only its fact is skipped. Values may be written as text,
// as a CSV cell must: "3 USD/month", "yes", "2014", "Oslo", "Windows;macOS", "120 employees ±10".

export interface RawFact {
  key?: unknown;
  kind?: unknown;
  value?: unknown;
  words?: unknown;
  plan?: unknown;
  unit?: unknown;
  tolerance?: unknown;
}

type Result<T> = { ok: true; value: T } | { ok: false; message: string };

const ok = <T>(value: T): Result<T> => ({ ok: true, value });
const bad = <T>(message: string): Result<T> => ({ ok: false, message });

const KEY = /^[\p{L}\p{N}][\p{L}\p{N}._-]{0,63}$/u;
const PRICE_TEXT =
  /^(?:([A-Za-z]{3})\s*)?(\d+(?:[.,]\d+)?)\s*([A-Za-z]{3})?\s*(?:\/\s*|per\s+)?(month|year|once)?$/u;
const NUMBER_TEXT =
  /^(-?\d+(?:\.\d+)?)(?:\s+([\p{L}][\p{L} ]*?))?(?:\s*(?:±|\+-|\+\/-)\s*(\d+(?:\.\d+)?))?$/u;
const CURRENCY = /^[A-Z]{3}$/u;

function textOf(v: unknown): string | null {
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return null;
}

export function wordsOf(v: unknown): Result<string[]> {
  if (v === undefined || v === null || v === '') return ok([]);
  if (typeof v === 'string')
    return ok(
      v
        .split(';')
        .map((w) => w.trim())
        .filter((w) => w !== ''),
    );
  if (Array.isArray(v) && v.every((w) => typeof w === 'string' || typeof w === 'number'))
    return ok(v.map((w) => String(w).trim()).filter((w) => w !== ''));
  return bad('a list of words, or words separated by ";"');
}

function periodOf(v: unknown): Result<PricePeriod | undefined> {
  if (v === undefined || v === null || v === '') return ok(undefined);
  return (PRICE_PERIODS as readonly unknown[]).includes(v)
    ? ok(v as PricePeriod)
    : bad(`period must be one of ${PRICE_PERIODS.join(', ')}`);
}

function priceOf(v: unknown): Result<{ amount: number; currency: string; period?: PricePeriod }> {
  let amount: unknown;
  let currency: unknown;
  let period: unknown;
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
    ({ amount, currency, period } = v as Record<string, unknown>);
  } else {
    const m = PRICE_TEXT.exec(textOf(v) ?? '');
    if (m === null)
      return bad('a price such as "3 USD/month" or { amount: 3, currency: USD, period: month }');
    amount = Number((m[2] as string).replace(',', '.'));
    currency = (m[1] ?? m[3])?.toUpperCase();
    period = m[4];
  }
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0)
    return bad('amount must be a number ≥ 0');
  if (typeof currency !== 'string' || !CURRENCY.test(currency))
    return bad('currency must be an ISO 4217 code such as USD or EUR');
  const p = periodOf(period);
  if (!p.ok) return bad(p.message);
  return ok(p.value === undefined ? { amount, currency } : { amount, currency, period: p.value });
}

function yesNoOf(v: unknown): Result<boolean> {
  if (typeof v === 'boolean') return ok(v);
  const t = (textOf(v) ?? '').toLowerCase();
  if (['yes', 'true', 'y'].includes(t)) return ok(true);
  if (['no', 'false', 'n'].includes(t)) return ok(false);
  return bad('yes or no');
}

function yearOf(v: unknown): Result<number> {
  const n = Number(textOf(v));
  return Number.isInteger(n) && n >= 1000 && n <= 2999 ? ok(n) : bad('a year such as 2014');
}

function nameOf(v: unknown, what: string): Result<string> {
  const t = typeof v === 'string' ? v.trim() : '';
  return t !== '' ? ok(t) : bad(`${what} as text`);
}

function numberOf(raw: RawFact): Result<{ value: number; unit?: string; tolerance?: number }> {
  const v = raw.value;
  let value: unknown;
  let unit: unknown = raw.unit;
  let tolerance: unknown = raw.tolerance;
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
    ({ value, unit = raw.unit, tolerance = raw.tolerance } = v as Record<string, unknown>);
  } else {
    const m = NUMBER_TEXT.exec(textOf(v) ?? '');
    if (m === null) return bad('a number such as 120, "120 employees" or "120 employees ±10"');
    value = Number(m[1]);
    unit = m[2] ?? unit;
    tolerance = m[3] !== undefined ? Number(m[3]) : tolerance;
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) return bad('a number');
  if (tolerance !== undefined && (typeof tolerance !== 'number' || !(tolerance >= 0)))
    return bad('tolerance must be a number ≥ 0');
  if (unit !== undefined && typeof unit !== 'string') return bad('unit must be text');
  return ok({
    value,
    ...(typeof unit === 'string' && unit.trim() !== '' ? { unit: unit.trim() } : {}),
    ...(typeof tolerance === 'number' ? { tolerance } : {}),
  });
}

function listOf(v: unknown): Result<string[]> {
  const items = wordsOf(v);
  if (!items.ok || items.value.length === 0) return bad('a list of items, or items separated by ";"');
  return items;
}

function valueOf(kind: FactKind, raw: RawFact): Result<Fact['value']> {
  switch (kind) {
    case 'price':
      return priceOf(raw.value);
    case 'yes-no':
      return yesNoOf(raw.value);
    case 'year':
      return yearOf(raw.value);
    case 'place':
      return nameOf(raw.value, 'a place');
    case 'person':
      return nameOf(raw.value, "a person's name");
    case 'text':
      return nameOf(raw.value, 'the claim');
    case 'number':
      return numberOf(raw);
    case 'list':
      return listOf(raw.value);
  }
}

/** The fact of a raw row, or the errors of its fields (`where`: "facts[2]", "row 4"). */
export function factOf(raw: RawFact, where: string, line: number | undefined): Fact | FactSheetError[] {
  const errors: FactSheetError[] = [];
  const fail = (field: string, message: string): void => {
    errors.push({ ...(line === undefined ? {} : { line }), field: `${where}.${field}`, message });
  };
  const key = textOf(raw.key) ?? '';
  if (!KEY.test(key)) fail('key', 'a key of letters, digits, "-", "_" or "." (such as price-personal)');
  const kind = textOf(raw.kind) ?? '';
  const known = (FACT_KINDS as readonly string[]).includes(kind);
  if (!known) fail('kind', `one of ${FACT_KINDS.join(', ')}`);
  const words = wordsOf(raw.words);
  if (!words.ok) fail('words', words.message);
  const plan = wordsOf(raw.plan);
  if (!plan.ok) fail('plan', plan.message);
  const value = known ? valueOf(kind as FactKind, raw) : null;
  if (value !== null && !value.ok) fail('value', value.message);
  if (errors.length > 0 || value === null || !value.ok || !words.ok || !plan.ok) return errors;
  return { key, kind, value: value.value, words: [...plan.value, ...words.value] } as Fact;
}
