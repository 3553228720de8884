import type { Writable } from 'node:stream';
import type { RunTableRow } from '../../../core/history';
import type { EngineLabelOf } from '../../../shared/profile';
import { clip, singleLine } from '../../core';

// The job table of `parallax show`, the same text formatTable makes, written in blocks of lines
// instead of one string of the whole table: a 20,000-job run prints 3 MB. Its cells are made
// single-line once each (clip flattens the prompt and answer cells; the other cells come from a
// handful of distinct values, flattened once per value), so no cell is scanned twice.

const HEADER = ['#', 'Prompt', 'Engine', 'Location', 'Rep', 'State', 'Sources', 'Answer / error'];
/** Lines per write (about 25 KB): writes are few and no block is big. */
const LINES_PER_WRITE = 250;

/** The answer (or error) cell of a job, as `show` has always printed it. */
export function answerCell(row: RunTableRow): string {
  const { error } = row;
  return error
    ? clip(`${error.code ?? ''} ${error.message} (request ${error.requestId ?? 'n/a'})`, 70)
    : clip(row.excerpt ?? '', 70);
}

/**
 * formatTable's flattening of a cell, remembered per distinct value (engines, countries,
 * states); `shown` turns the stored value into the printed one first (an engine id into its label).
 */
function flattenedOnce(shown: (value: string) => string = (value) => value): (value: string) => string {
  const seen = new Map<string, string>();
  return (value) => {
    let flat = seen.get(value);
    if (flat === undefined) {
      flat = singleLine(shown(value));
      seen.set(value, flat);
    }
    return flat;
  };
}

/** The table's cells, row by row, every cell single-line. */
function tableCells(
  prompts: readonly string[],
  rows: Iterable<RunTableRow>,
  labelOf: EngineLabelOf,
): string[][] {
  const flat = flattenedOnce();
  const engineCell = flattenedOnce(labelOf);
  const promptCells = new Map<number, string>();
  const promptCell = (index: number): string => {
    let cell = promptCells.get(index);
    if (cell === undefined) {
      cell = clip(prompts[index] ?? '', 30);
      promptCells.set(index, cell);
    }
    return cell;
  };
  const cells: string[][] = [];
  for (const row of rows)
    cells.push([
      String(row.promptIndex + 1),
      promptCell(row.promptIndex),
      engineCell(row.engine),
      flat(row.state ? `US-${row.state}` : row.country),
      String(row.repeat),
      flat(row.jobState),
      String(row.sourceCount),
      answerCell(row),
    ]);
  return cells;
}

/** One line of the table: cells padded to their column's width, joined by two spaces. */
function tableLine(cells: readonly string[], widths: readonly number[]): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) {
    if (i > 0) line += '  ';
    line += (cells[i] as string).padEnd(widths[i] ?? 0);
  }
  return line.trimEnd();
}

/**
 * Writes the table (and a final newline), as writeLine(out, formatTable(...)) would. Rows are
 * read one at a time; only their cells are kept until the column widths are known.
 */
export function writeRunTable(
  out: Writable,
  prompts: readonly string[],
  rows: Iterable<RunTableRow>,
  labelOf: EngineLabelOf,
): void {
  const cells = tableCells(prompts, rows, labelOf);
  const widths = HEADER.map((title, i) =>
    cells.reduce((w, r) => Math.max(w, (r[i] as string).length), title.length),
  );
  let block = [tableLine(HEADER, widths), widths.map((w) => '-'.repeat(w)).join('  ')];
  for (const r of cells) {
    block.push(tableLine(r, widths));
    if (block.length >= LINES_PER_WRITE) {
      out.write(`${block.join('\n')}\n`);
      block = [];
    }
  }
  if (block.length > 0) out.write(`${block.join('\n')}\n`);
}
