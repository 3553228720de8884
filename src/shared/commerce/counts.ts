import { parseAmount } from './price';

// A review or rating count as the engines send it: a number, or text such as "1.2K", "26K",
// "2.3k", "1,284", "(1,284)", "1.5M". Null when it is not a count.

const SUFFIX: Readonly<Record<string, number>> = { k: 1_000, m: 1_000_000, b: 1_000_000_000 };
const COUNT = /^\(?\s*(\d[\d.,'\s]*?)\s*([kmb])?\+?\s*\)?(?:\s+\p{L}+)*$/iu;

export function parseCount(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.round(value) : null;
  if (typeof value !== 'string') return null;
  const m = COUNT.exec(value.trim());
  if (!m) return null;
  const suffix = m[2]?.toLowerCase();
  // "1.2K": a decimal point before a suffix is a fraction, never a thousands mark.
  const base = suffix
    ? Number((m[1] as string).replace(',', '.').replace(/[\s']/g, ''))
    : parseAmount(m[1] as string);
  if (base === null || !Number.isFinite(base)) return null;
  return Math.round(base * (suffix ? (SUFFIX[suffix] as number) : 1));
}
