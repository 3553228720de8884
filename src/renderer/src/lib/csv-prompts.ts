import Papa from 'papaparse';

/**
 * Prompts from a CSV file: the "prompt" column when there is a header naming it,
 * otherwise the first column of every row. Empty cells are skipped.
 */
export function promptsFromCsv(text: string): string[] {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const rows = parsed.data.filter((r): r is string[] => Array.isArray(r));
  if (rows.length === 0) return [];
  const header = rows[0]?.map((c) => c.trim().toLowerCase()) ?? [];
  const promptCol = header.findIndex((c) => c === 'prompt' || c === 'prompts' || c === 'query');
  const body = promptCol >= 0 ? rows.slice(1) : rows;
  const col = promptCol >= 0 ? promptCol : 0;
  return body.map((r) => (r[col] ?? '').trim()).filter((p) => p !== '');
}

/** One prompt per non-empty line. */
export function promptsFromText(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
}
