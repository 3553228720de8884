import Papa from 'papaparse';
import { isMap, isSeq, LineCounter, parseDocument } from 'yaml';
import { factOf, type RawFact } from './fact-value';
import type { Fact, FactSheetError, FactSheetFormat, ParsedFactSheet } from './types';

// A fact sheet file, YAML (`facts: [ { key, kind, value, words? } ]`) or CSV (header
// `key,kind,value,words`, words separated by ";"). A bad fact is skipped and named with its line
// and field; the others are kept. A key given twice keeps its first fact.

function collect(rows: readonly { raw: RawFact; where: string; line?: number }[]): ParsedFactSheet {
  const facts: Fact[] = [];
  const errors: FactSheetError[] = [];
  const keys = new Set<string>();
  for (const { raw, where, line } of rows) {
    const fact = factOf(raw, where, line);
    if (Array.isArray(fact)) {
      errors.push(...fact);
    } else if (keys.has(fact.key)) {
      errors.push({
        ...(line === undefined ? {} : { line }),
        field: `${where}.key`,
        message: `"${fact.key}" is given twice: the first is kept`,
      });
    } else {
      keys.add(fact.key);
      facts.push(fact);
    }
  }
  return { facts, errors };
}

function parseYaml(text: string): ParsedFactSheet {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  const first = doc.errors[0];
  if (first !== undefined) {
    const line = lineCounter.linePos(first.pos[0]).line;
    return {
      facts: [],
      errors: [{ line, field: 'file', message: first.message.split('\n')[0] ?? 'not YAML' }],
    };
  }
  const list = doc.get('facts', true);
  if (!isSeq(list))
    return { facts: [], errors: [{ field: 'facts', message: 'the file needs a list named facts' }] };
  const rows = list.items.map((item, i) => {
    const line = isMap(item) && item.range ? lineCounter.linePos(item.range[0]).line : undefined;
    const raw: unknown = isMap(item) ? item.toJSON() : null;
    return {
      raw: raw !== null && typeof raw === 'object' ? (raw as RawFact) : {},
      where: `facts[${i}]`,
      ...(line === undefined ? {} : { line }),
    };
  });
  return collect(rows);
}

const CSV_COLUMNS = ['key', 'kind', 'value', 'words'];

function parseCsv(text: string): ParsedFactSheet {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/u, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim().toLowerCase(),
  });
  const fields = parsed.meta.fields ?? [];
  const missing = CSV_COLUMNS.slice(0, 3).filter((c) => !fields.includes(c));
  if (missing.length > 0)
    return {
      facts: [],
      errors: [
        {
          line: 1,
          field: 'header',
          message: `the header needs ${CSV_COLUMNS.join(',')} (missing ${missing.join(', ')})`,
        },
      ],
    };
  // Line of each row: the header is line 1, and a row holds no line break unless quoted.
  let line = 1;
  const rows = parsed.data.map((row, i) => {
    line += 1;
    const r = { raw: row as RawFact, where: `row ${i + 1}`, line };
    line += Object.values(row).join(',').split('\n').length - 1;
    return r;
  });
  return collect(rows);
}

/** The facts of a sheet file, and an error per bad field (never thrown). */
export function parseFactSheet(text: string, format: FactSheetFormat): ParsedFactSheet {
  return format === 'yaml' ? parseYaml(text) : parseCsv(text);
}
