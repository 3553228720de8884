import { splitSentences } from '../positioning/sentences';
import { findAll, foldPhrase } from './words';

// Where each brand's claims are: the answer cut into scopes, each with the brands it is about,
// on the folded text (offsets folded). A sentence naming two brands is cut between them at a
// comma, a semicolon or a joining word ("while", "alors que", "、") when something is said about
// the first before the second; a clause naming none is about the brands named last (the next
// sentence, a list under a heading naming one). A table row is about the brands its cells name,
// each cell read with its column's header; a table whose header names the brands gives each
// column to its brand, read with the row's first cell.

export interface FoldedMention {
  brand: number;
  start: number;
  end: number;
}

export interface Scope {
  brands: readonly number[];
  from: number;
  to: number;
  /** A table cell's header (column or row), folded; null in prose. */
  header: string | null;
  /** The table row of a cell, for evidence; null in prose. */
  row: { from: number; to: number } | null;
}

// prettier-ignore
const JOINERS = [
  'while', 'whereas', 'but', 'and', 'und', 'wahrend', 'wohingegen', 'aber', 'doch', 'alors que', 'tandis que', 'et',
  'mais', 'mientras que', 'mientras', 'y', 'pero', 'en cambio', 'mentre', 'e', 'ma', 'invece', 'enquanto', 'mas', 'ja',
  'terwijl', 'maar', 'en', 'medan', 'men', 'och', 'podczas gdy', 'natomiast', 'ale', 'oraz', 'a', 'i',
  'тогда как', 'в то время как', 'а', 'но', 'и', 'ise', 'ama', 've', 'بينما', 'لكن', 'ولكن',
  ...['반면', '하지만', '그리고', '而', '但是', '但'].map(foldPhrase),
];
const SEPARATOR = new RegExp(
  `[,;:、，。]|\\s[–—-]\\s|(?<![\\p{L}\\p{N}])(?:${JOINERS.join('|')})(?![\\p{L}\\p{N}])`,
  'gu',
);
const CONTENT = /[\p{L}\p{N}$€£¥]/u;

// A brand named as what another is compared with ("older than Keyfort", "Keyfort보다",
// "unlike Keyfort") is not what the clause's claims are about.
// prettier-ignore
const COMPARED_BEFORE = [
  'than', 'unlike', 'compared to', 'compared with', 'im gegensatz zu', 'im vergleich zu', 'verglichen mit',
  'contrairement a', 'par rapport a', 'a diferencia de', 'comparado con', 'en comparacion con', 'a differenza di',
  'rispetto a', 'do que', 'ao contrario de', 'em comparacao com', 'in tegenstelling tot', 'vergeleken met',
  'jamfort med', 'till skillnad fran', 'niz', 'w przeciwienstwie do', 'w porownaniu z', 'чем', 'в отличие от',
  'по сравнению с',
].map(foldPhrase);
const COMPARED_BEFORE_RE = new RegExp(
  `(?:^|[^\\p{L}\\p{N}])(?:${COMPARED_BEFORE.join('|')})[\\s*_"“”«»]*$|比\\s*$`,
  'u',
);
const COMPARED_AFTER_RE = new RegExp(`^[*_"“”»]*(?:${['보다', 'より'].map(foldPhrase).join('|')})`, 'u');
/** How far before a mention its comparison words may start. */
const COMPARED_SPAN = 32;

function comparedWith(f: string, m: FoldedMention): boolean {
  return (
    COMPARED_AFTER_RE.test(f.slice(m.end, m.end + 8)) ||
    COMPARED_BEFORE_RE.test(f.slice(Math.max(0, m.start - COMPARED_SPAN), m.start))
  );
}
const NO_BRANDS: readonly number[] = [];
const NO_MENTIONS: FoldedMention[] = [];

/** The index of the first mention starting at or after `from` (mentions in text order). */
function firstFrom(ms: readonly FoldedMention[], from: number): number {
  let lo = 0;
  let hi = ms.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((ms[mid] as FoldedMention).start < from) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * A brand is named at folded offset `at`: the mention starting last at or before it covers it
 * (found by bisection: a hostile answer names a brand tens of thousands of times, and the rules
 * ask at every place name).
 */
export function namedAt(ms: readonly FoldedMention[], at: number): boolean {
  const before = ms[firstFrom(ms, at + 1) - 1];
  return before !== undefined && at < before.end;
}

/** The mentions inside [from, to) (found by bisection, not a scan). */
function mentionsIn(ms: readonly FoldedMention[], from: number, to: number): FoldedMention[] {
  const lo = firstFrom(ms, from);
  let end = lo;
  while (end < ms.length && (ms[end] as FoldedMention).end <= to) end++;
  return lo === end ? NO_MENTIONS : ms.slice(lo, end);
}

function brandsOf(ms: readonly FoldedMention[]): number[] {
  return [...new Set(ms.map((m) => m.brand))];
}

/** Cuts of a sentence between two brands, each after the last separator that follows a claim about the first. */
function brandCuts(f: string, ms: readonly FoldedMention[]): number[] {
  const cuts: number[] = [];
  for (let i = 1; i < ms.length; i++) {
    const a = ms[i - 1] as FoldedMention;
    const b = ms[i] as FoldedMention;
    if (a.brand === b.brand) continue;
    const seps = findAll(SEPARATOR, f, a.end, b.start).filter((s) => CONTENT.test(f.slice(a.end, s.start)));
    const last = seps[seps.length - 1];
    if (last !== undefined) cuts.push(last.start);
  }
  return cuts;
}

interface Carry {
  brands: readonly number[];
  /** Every brand the last sentence naming any named: what "both" at a clause's start is about. */
  sentence: readonly number[];
}

// A clause naming no brand that opens with "both" ("Both have a free plan", "Oba mają darmowy
// plan") is about every brand of the sentence before, not only the one named last.
// prettier-ignore
const BOTH = [
  'both', 'beide', 'tous les deux', 'toutes les deux', 'les deux', 'ambos', 'ambas', 'entrambi', 'entrambe',
  'tutti e due', 'beiden', 'bada', 'oba', 'obie', 'оба', 'обе', 'her ikisi', 'her ikisinin', 'ikisi de',
  'كلاهما', '둘 다', '두 서비스 모두',
].map(foldPhrase);
/** Chinese writes the next word against it ("两者都有免费版"): no word boundary after. */
const BOTH_HAN = ['两者都', '两者', '二者都', '二者'];
const BOTH_AT_START = new RegExp(
  `^[\\s*_>#\\-–—:]*(?:(?:${BOTH.join('|')})(?![\\p{L}\\p{N}])|${BOTH_HAN.join('|')})`,
  'u',
);
/** How far into a clause its opening "both" may be read. */
const BOTH_SPAN = 24;

function proseScopes(
  f: string,
  from: number,
  to: number,
  ms: readonly FoldedMention[],
  carry: Carry,
  out: Scope[],
): void {
  for (const s of splitSentences(f, from, to)) {
    const inSentence = mentionsIn(ms, s.start, s.end).filter((m) => !comparedWith(f, m));
    const bounds = [s.start, ...brandCuts(f, inSentence), s.end];
    for (let c = 0; c + 1 < bounds.length; c++) {
      const a = bounds[c] as number;
      const b = bounds[c + 1] as number;
      const named = brandsOf(mentionsIn(inSentence, a, b));
      if (named.length > 0) carry.brands = named;
      const both =
        named.length === 0 && carry.sentence.length > 1 && BOTH_AT_START.test(f.slice(a, a + BOTH_SPAN));
      const brands = named.length > 0 ? named : both ? carry.sentence : carry.brands;
      out.push({ brands, from: a, to: b, header: null, row: null });
    }
    if (inSentence.length > 0) carry.sentence = brandsOf(inSentence);
  }
}

interface Cell {
  from: number;
  to: number;
}

function cellsOf(f: string, from: number, to: number): Cell[] {
  const cells: Cell[] = [];
  let start = from;
  for (let k = from; k <= to; k++) {
    if (k === to || f[k] === '|') {
      let a = start;
      let b = k;
      while (a < b && /\s/u.test(f[a] as string)) a++;
      while (b > a && /\s/u.test(f[b - 1] as string)) b--;
      cells.push({ from: a, to: b });
      start = k + 1;
    }
  }
  // The pipes at a row's two ends leave an empty cell each.
  if (cells.length > 0 && (cells[0] as Cell).from === (cells[0] as Cell).to) cells.shift();
  if (cells.length > 0 && (cells[cells.length - 1] as Cell).from === (cells[cells.length - 1] as Cell).to)
    cells.pop();
  return cells;
}

interface Line {
  from: number;
  to: number;
}

const TABLE_RULE = /^\s*\|?\s*:?-{2,}/u;

function tableScopes(f: string, rows: readonly Line[], ms: readonly FoldedMention[], out: Scope[]): void {
  const head = rows[0];
  if (head === undefined) return;
  const headCells = cellsOf(f, head.from, head.to);
  const headBrands = headCells.map((c) => brandsOf(mentionsIn(ms, c.from, c.to)));
  const byColumn = headBrands.some((b, i) => i > 0 && b.length > 0);
  for (const row of rows.slice(1)) {
    if (TABLE_RULE.test(f.slice(row.from, row.to))) continue;
    const cells = cellsOf(f, row.from, row.to);
    const rowBrands = brandsOf(mentionsIn(ms, row.from, row.to));
    const lead = cells[0];
    cells.forEach((cell, i) => {
      const headCell = headCells[i];
      const brands = byColumn ? (headBrands[i] ?? NO_BRANDS) : rowBrands;
      const header = byColumn
        ? lead === undefined || i === 0
          ? null
          : f.slice(lead.from, lead.to)
        : headCell === undefined
          ? null
          : f.slice(headCell.from, headCell.to);
      if (brands.length > 0) out.push({ brands, from: cell.from, to: cell.to, header, row });
    });
  }
}

function linesOf(f: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (let k = f.indexOf('\n'); k >= 0; k = f.indexOf('\n', start)) {
    lines.push({ from: start, to: k });
    start = k + 1;
  }
  lines.push({ from: start, to: f.length });
  return lines;
}

function isTableRow(f: string, l: Line): boolean {
  let k = l.from;
  while (k < l.to && (f[k] === ' ' || f[k] === '\t')) k++;
  return f[k] === '|';
}
const HEADING = /^\s*#{1,6}\s/u;

/** The line neither names nor inherits a brand that is read: only the brands it names matter, for the next lines. */
function skipped(line: FoldedMention[], carry: Carry, wanted: ReadonlySet<number>): boolean {
  if (line.some((m) => wanted.has(m.brand)) || carry.brands.some((b) => wanted.has(b))) return false;
  const last = line[line.length - 1];
  if (last !== undefined) {
    carry.brands = [last.brand];
    carry.sentence = brandsOf(line);
  }
  return true;
}

/** A table or a heading naming no brand: the text after it is about no brand named before. */
function forget(carry: Carry): void {
  carry.brands = NO_BRANDS;
  carry.sentence = NO_BRANDS;
}

/**
 * The scopes of a folded answer and its brands' mentions (folded offsets, in text order).
 * `wanted`: the brands whose scopes are read (those with a sheet); text about no such brand is
 * not cut into sentences.
 */
export function scopesOf(f: string, ms: readonly FoldedMention[], wanted: ReadonlySet<number>): Scope[] {
  const out: Scope[] = [];
  const carry: Carry = { brands: NO_BRANDS, sentence: NO_BRANDS };
  const lines = linesOf(f);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as Line;
    if (isTableRow(f, line)) {
      const rows: Line[] = [];
      while (i < lines.length && isTableRow(f, lines[i] as Line)) rows.push(lines[i++] as Line);
      i--;
      tableScopes(f, rows, ms, out);
      forget(carry);
      continue;
    }
    const named = mentionsIn(ms, line.from, line.to);
    if (named.length === 0 && HEADING.test(f.slice(line.from, line.to))) forget(carry);
    if (!skipped(named, carry, wanted)) proseScopes(f, line.from, line.to, named, carry, out);
  }
  return out;
}
