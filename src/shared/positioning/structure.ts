import { isSpaceAt } from './sentences';
import { TAB, SPACE, DASH, COLON, BACKSLASH, PIPE } from './char-codes';

// The blocks of an answer with their offsets, for finding what carries the judgement about a
// brand: headings, list items (with their rank in the list), table rows (with their cells and
// the header of each cell's column) and paragraphs. analytics/markdown-blocks splits the same
// forms for the diff, but keeps no offsets and no list ranks, which the judge needs for
// evidence and for "first item of a ranked list"; the line rules below follow it (CommonMark
// ATX headings, -,*,+,• and 1. 1) items, GFM pipe tables, ``` and ~~~ fences skipped). Plain
// text answers go through the same rules: a line "1. …" is a list item either way.

export type BlockKind = 'heading' | 'item' | 'row' | 'para';

export interface Cell {
  start: number;
  end: number;
  /** Text of the header cell of this column, as written ('' without a header). */
  header: string;
}

export interface Block {
  kind: BlockKind;
  /** Content range in the answer (markers such as "1.", "- ", "#" and pipes excluded). */
  start: number;
  end: number;
  /** Heading level 1-6; list nesting (0 = top level); else 0. */
  depth: number;
  ordered: boolean;
  /** List items: 1-based position among the items of the same list and depth; else 0. */
  rank: number;
  /** Index of the first block of the list or table this block belongs to; else -1. */
  group: number;
  /** Index of the nearest heading above; else -1. */
  heading: number;
  /** Table rows: the cells; the header row itself has header: true. */
  cells: Cell[] | null;
  header: boolean;
}

const ATX = /^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$/u;
// A list item: indent, mark, spaces, then its text from the first non-space to the end of the
// line. Only the head is matched (its end is where the text starts): no capture of the rest of
// the line, read code point by code point to its end by `.*$`; a line with a line break of
// its own inside (\r, U+2028, U+2029), which `.` does not cross, is no item.
const ITEM_HEAD = /^([ \t]*)([-*+•]|\d{1,3}[.)])[ \t]+(?=\S)/u;
const INNER_BREAK = /[\r\u2028\u2029]/u;

/** The head of a list item line (indent, mark), or null. */
function itemHead(line: string): RegExpExecArray | null {
  const head = ITEM_HEAD.exec(line);
  return head === null || INNER_BREAK.test(line) ? null : head;
}
const FENCE = /^ {0,3}(`{3,}|~{3,})/u;
const TABLE_DELIMITER_FORM = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)+\|?[ \t]*$/u;

const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/u;

interface Line {
  text: string;
  start: number;
}

const CR = 13;

function splitLines(text: string): Line[] {
  const out: Line[] = [];
  let start = 0;
  while (start <= text.length) {
    const nl = text.indexOf('\n', start);
    const end = nl === -1 ? text.length : nl;
    // A "\r" before the line break is left out by the one slice (no copy of the line cut again).
    const cr = end > start && text.charCodeAt(end - 1) === CR;
    out.push({ text: text.slice(start, cr ? end - 1 : end), start });
    if (nl === -1) break;
    start = nl + 1;
  }
  return out;
}

// The characters trim() removes (WhiteSpace and LineTerminator) are those of \s: no copy made.
const BLANK = /^\s*$/u;
const PIPE_FIRST = /^\s*\|/u;

/** The first unit of a line after spaces and tabs (NaN at the end): every line form starts with a known mark. */
function markOf(s: string): number {
  let i = 0;
  let c = s.charCodeAt(0);
  while (c === SPACE || c === TAB) c = s.charCodeAt(++i);
  return c;
}

/** An ASCII unit that \s does not match (any other unit might be white space: the regex decides). */
function isAsciiMark(c: number): boolean {
  return c > SPACE && c < 128;
}

/**
 * A table's delimiter row ("|---|:--:|"): only spaces, tabs, pipes, colons and dashes, which a
 * loop tells at the first other character (in a row of cells, the second or third); the
 * regular expression decides the rest.
 */
function isTableDelimiter(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c !== SPACE && c !== TAB && c !== PIPE && c !== COLON && c !== DASH) return false;
  }
  return TABLE_DELIMITER_FORM.test(s);
}

function isAsciiLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

function isBlank(s: string): boolean {
  const c = markOf(s);
  return c !== c || (!isAsciiMark(c) && BLANK.test(s));
}

// Each line form's regular expression runs only on a line whose first mark can start it (a
// necessary condition, so the result is the expression's): "#" a heading, "`" or "~" a fence,
// "-", "*" or "_" a rule, "-", "*", "+", "•" or a digit a list item, "|" a pipe-first table line.
function mayBeHeading(c: number): boolean {
  return c === 35;
}
function mayBeFence(c: number): boolean {
  return c === 96 || c === 126;
}
function mayBeRule(c: number): boolean {
  return c === 45 || c === 42 || c === 95;
}
function mayBeItem(c: number): boolean {
  return c === 45 || c === 42 || c === 43 || c === 0x2022 || (c >= 48 && c <= 57);
}

/**
 * The line's first character after spaces and tabs is an ASCII letter: then it is no blank line,
 * rule, fence, heading, list item or pipe-first table line (each starts with a mark or a digit),
 * and none of their regular expressions needs to run. Most lines of prose start so.
 */
function startsWithLetter(s: string): boolean {
  return isAsciiLetter(markOf(s));
}

function isPipeFirst(s: string): boolean {
  const c = markOf(s);
  return c === PIPE || (!isAsciiMark(c) && c === c && PIPE_FIRST.test(s));
}

function isTableLine(line: string, next: string | undefined): boolean {
  return isPipeFirst(line) || (line.includes('|') && next !== undefined && isTableDelimiter(next));
}

/** Cells of a pipe-table line, as offsets into the answer. */
function rowCells(line: Line): Array<{ start: number; end: number }> {
  const cells: Array<{ start: number; end: number }> = [];
  const s = line.text;
  let i = 0;
  while (i < s.length && (s.charCodeAt(i) === SPACE || s.charCodeAt(i) === TAB)) i++;
  if (s.charCodeAt(i) === PIPE) i++;
  let cellStart = i;
  for (let j = i; j <= s.length; j++) {
    const atEnd = j === s.length;
    // By code, not s[j]: no one-character string per character of the row.
    if (!atEnd && !(s.charCodeAt(j) === PIPE && s.charCodeAt(j - 1) !== BACKSLASH)) continue;
    // The cell without the spaces trim() removes, read in place (no copy of it).
    let a = cellStart;
    while (a < j && isSpaceAt(s, a)) a++;
    let b = j;
    while (b > a && isSpaceAt(s, b - 1)) b--;
    if (!(atEnd && a === b)) cells.push({ start: line.start + a, end: line.start + b });
    cellStart = j + 1;
  }
  return cells;
}

/** The line from `from` without the spaces trim() removes at either end, read in place (no copy). */
function trimmedRange(line: Line, from: number): { start: number; end: number } {
  const s = line.text;
  let a = from;
  while (a < s.length && isSpaceAt(s, a)) a++;
  return { start: line.start + a, end: line.start + Math.max(a, trimmedEnd(s)) };
}

/** s.trimEnd().length, without the copy. */
function trimmedEnd(s: string): number {
  let b = s.length;
  while (b > 0 && isSpaceAt(s, b - 1)) b--;
  return b;
}

interface ListState {
  group: number;
  ordered: boolean;
  counts: number[];
  indents: number[];
}

/** The blocks of `text` in order. */
export function splitBlocks(text: string): Block[] {
  const lines = splitLines(text);
  const blocks: Block[] = [];
  let heading = -1;
  let list: ListState | null = null;
  let i = 0;
  // The literal built by the caller gets its heading (no copy of it).
  const push = (b: Omit<Block, 'heading'>): void => {
    (b as Block).heading = heading;
    blocks.push(b as Block);
  };
  while (i < lines.length) {
    const line = lines[i] as Line;
    const next = lines[i + 1]?.text;
    if (startsWithLetter(line.text)) {
      if (line.text.includes('|') && next !== undefined && isTableDelimiter(next)) {
        i = addTable(lines, i, blocks.length, push);
      } else i = addParagraph(lines, i, push);
      list = null;
      continue;
    }
    const mark = markOf(line.text);
    if (isBlank(line.text) || (mayBeRule(mark) && RULE.test(line.text))) {
      i++;
      continue;
    }
    if (mayBeFence(mark) && FENCE.test(line.text)) {
      i = skipFence(lines, i);
      list = null;
      continue;
    }
    const atx = mayBeHeading(mark) ? ATX.exec(line.text) : null;
    if (atx !== null) {
      const hashes = line.text.indexOf('#') + (atx[1] as string).length;
      push({
        kind: 'heading',
        ...trimmedRange(line, hashes),
        depth: (atx[1] as string).length,
        ordered: false,
        rank: 0,
        group: -1,
        cells: null,
        header: false,
      });
      heading = blocks.length - 1;
      list = null;
      i++;
      continue;
    }
    const item = mayBeItem(mark) ? itemHead(line.text) : null;
    if (item !== null) {
      const end = continuationEnd(lines, i);
      list = addItem(blocks, lines, i, end, item, list, push);
      i = end;
      continue;
    }
    if (isTableLine(line.text, next)) {
      i = addTable(lines, i, blocks.length, push);
      list = null;
      continue;
    }
    i = addParagraph(lines, i, push);
    list = null;
  }
  return blocks;
}

function skipFence(lines: readonly Line[], i: number): number {
  const marker = (FENCE.exec((lines[i] as Line).text)?.[1] ?? '```')[0] as string;
  let j = i + 1;
  while (j < lines.length && !(lines[j] as Line).text.trimStart().startsWith(marker.repeat(3))) j++;
  return j + 1;
}

/** Index after the last continuation line of the item or paragraph starting at line i. */
function continuationEnd(lines: readonly Line[], i: number): number {
  let j = i + 1;
  while (j < lines.length) {
    const t = (lines[j] as Line).text;
    const mark = markOf(t);
    if (isAsciiLetter(mark)) {
      if (t.includes('|') && isTableLine(t, lines[j + 1]?.text)) break;
    } else if (
      isBlank(t) ||
      (mayBeItem(mark) && itemHead(t) !== null) ||
      (mayBeHeading(mark) && ATX.test(t)) ||
      (mayBeFence(mark) && FENCE.test(t)) ||
      isTableLine(t, lines[j + 1]?.text)
    )
      break;
    j++;
  }
  return j;
}

function addItem(
  blocks: readonly Block[],
  lines: readonly Line[],
  i: number,
  end: number,
  item: RegExpExecArray,
  list: ListState | null,
  push: (b: Omit<Block, 'heading'>) => void,
): ListState {
  const indent = (item[1] as string).replace(/\t/gu, '    ').length;
  const ordered = /\d/u.test(item[2] as string);
  const state = list ?? { group: blocks.length, ordered, counts: [], indents: [] };
  while (state.indents.length > 0 && indent < (state.indents[state.indents.length - 1] as number)) {
    state.indents.pop();
    state.counts.pop();
  }
  if (state.indents.length === 0 || indent > (state.indents[state.indents.length - 1] as number)) {
    state.indents.push(indent);
    state.counts.push(0);
  }
  const depth = state.indents.length - 1;
  state.counts[depth] = (state.counts[depth] ?? 0) + 1;
  const line = lines[i] as Line;
  const last = lines[end - 1] as Line;
  const contentStart = line.start + item[0].length;
  push({
    kind: 'item',
    start: contentStart,
    end: last.start + trimmedEnd(last.text),
    depth,
    ordered: depth === 0 ? state.ordered : ordered,
    rank: state.counts[depth] as number,
    group: state.group,
    cells: null,
    header: false,
  });
  return state;
}

function addTable(
  lines: readonly Line[],
  i: number,
  group: number,
  push: (b: Omit<Block, 'heading'>) => void,
): number {
  let headers: string[] = [];
  let first = true;
  let j = i;
  while (j < lines.length && !isBlank((lines[j] as Line).text) && (lines[j] as Line).text.includes('|')) {
    const line = lines[j] as Line;
    j++;
    if (isTableDelimiter(line.text)) continue;
    const ranges = rowCells(line);
    const isHeader = first && isTableDelimiter(lines[j]?.text ?? '');
    const cells = ranges.map((r, k) => ({
      start: r.start,
      end: r.end,
      header: isHeader ? '' : (headers[k] ?? ''),
    }));
    if (isHeader) headers = ranges.map((r) => line.text.slice(r.start - line.start, r.end - line.start));
    const span = trimmedRange(line, 0);
    push({ kind: 'row', ...span, depth: 0, ordered: false, rank: 0, group, cells, header: isHeader });
    first = false;
  }
  return j;
}

function addParagraph(lines: readonly Line[], i: number, push: (b: Omit<Block, 'heading'>) => void): number {
  const first = lines[i] as Line;
  const j = continuationEnd(lines, i);
  const last = lines[j - 1] as Line;
  const start = trimmedRange(first, 0).start;
  push({
    kind: 'para',
    start,
    end: last.start + trimmedEnd(last.text),
    depth: 0,
    ordered: false,
    rank: 0,
    group: -1,
    cells: null,
    header: false,
  });
  return j;
}
