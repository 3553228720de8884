import Papa from 'papaparse';

// Prompts from a file: TXT with one prompt per line, or CSV with a `prompt` column (any
// case; other columns are ignored). Blank lines and empty cells are skipped; a CSV without
// a prompt column is an error that names the columns it did find.

export type PromptFileOutcome = { ok: true; prompts: string[] } | { ok: false; message: string };

export function parsePromptFile(text: string, fileName: string): PromptFileOutcome {
  const body = text.replace(/^\uFEFF/, '');
  if (/\.csv$/i.test(fileName)) return parseCsv(body, fileName);
  const prompts = body
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
  if (prompts.length === 0) return { ok: false, message: `${fileName} holds no prompts` };
  return { ok: true, prompts };
}

function parseCsv(text: string, fileName: string): PromptFileOutcome {
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: 'greedy' });
  const fields = parsed.meta.fields ?? [];
  const column = fields.find((f) => f.trim().toLowerCase() === 'prompt');
  if (!column) {
    return {
      ok: false,
      message: `${fileName} has no "prompt" column (columns found: ${fields.map((f) => `"${f}"`).join(', ') || 'none'})`,
    };
  }
  const badRow = parsed.errors.find((e) => e.type !== 'FieldMismatch');
  if (badRow) return { ok: false, message: `${fileName} row ${(badRow.row ?? 0) + 2}: ${badRow.message}` };
  const prompts = parsed.data.map((row) => (row[column] ?? '').trim()).filter((p) => p.length > 0);
  if (prompts.length === 0)
    return { ok: false, message: `${fileName} holds no prompts in its "prompt" column` };
  return { ok: true, prompts };
}
