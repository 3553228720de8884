import type { LogFormat } from './formats';

// Which format a file is, from its first lines (read through DuckDB, so compressed files too).

const CLF = /^\S+ \S+ \S+ \[[^\]]+\] "/u;

export function detectFormat(head: readonly string[], file: string): LogFormat | null {
  const lines = head.filter((l) => l.trim() !== '');
  const first = lines[0]?.trim() ?? '';
  if (lines.some((l) => l.startsWith('#Fields:'))) return 'cloudfront';
  if (first.startsWith('{'))
    return /"(EdgeStartTimestamp|ClientRequestUserAgent)"/u.test(first) ? 'cloudflare' : 'jsonl';
  if (lines.some((l) => CLF.test(l))) return 'combined';
  if (/\.csv(\.(gz|zst))?$/iu.test(file) || (first.includes(',') && !first.includes('"GET '))) return 'csv';
  return null;
}

/** The CloudFront header naming the columns. */
export const fieldsLineOf = (head: readonly string[]): string | undefined =>
  head.find((l) => l.startsWith('#Fields:'));
