import { diffArrays, type ArrayChange, type Change } from 'diff';
import { groupIntoHunks } from './diff-hunks';
import type { DiffSegment, DiffStats, TextDiff, TextDiffOptions } from './diff-types';
import { answerWordDiff, countWordTokens } from './word-tokens';

const DEFAULT_CONTEXT_WORDS = 8;
const DEFAULT_MAX_EDIT_LENGTH = 400;

/**
 * Word-level diff of two answer texts (two countries, states, engines or dates), with readable
 * hunks and a similarity score.
 *
 * Alignment is coarse to fine, every level with jsdiff: line units first, then sentences inside
 * each run of changed lines, then words inside each run of changed sentences. This keeps a
 * change inside the paragraph and sentence it belongs to (instead of aligning words such as
 * "the" across unrelated paragraphs), and bounds the cost: jsdiff's Myers search grows with the
 * square of the edit distance, so each level gets at most `maxEditLength` edits; a region that
 * needs more at one level is handed to the next finer level, and a region that still needs
 * more at word level is shown as one deletion and one insertion (counted in coarseRegions).
 * Runs of spaces/tabs compare equal whatever their length.
 */
export function diffText(oldText: string, newText: string, options: TextDiffOptions = {}): TextDiff {
  const context = options.contextWords ?? DEFAULT_CONTEXT_WORDS;
  const budget = options.maxEditLength ?? DEFAULT_MAX_EDIT_LENGTH;

  const state = { coarseRegions: 0 };
  const changes: Change[] =
    oldText === newText
      ? oldText === ''
        ? []
        : [{ value: oldText, added: false, removed: false, count: 1 }]
      : diffAtLevel(oldText, newText, 0, budget, state);

  const stats = countStats(changes);
  const segments = absorbSpacesBetweenChanges(changes);
  const grouped = groupIntoHunks(segments, context);
  const total = stats.oldTokens + stats.newTokens;
  return {
    segments,
    hunks: grouped.hunks,
    skippedAfter: grouped.skippedAfter,
    similarity: total === 0 ? 1 : 1 - (stats.removedTokens + stats.addedTokens) / total,
    stats,
    identical: oldText === newText,
    coarseRegions: state.coarseRegions,
  };
}

/**
 * Line units: a line with its newline and the blank lines after it. Blank lines get no token of
 * their own, so two unrelated paragraphs are never aligned on the empty line between them.
 */
const LINE_UNIT = /[^\n]*\n(?:[^\S\n]*\n)*|[^\n]+$/gu;
/** Sentence units: text up to and including terminal punctuation and the spaces after it. */
const SENTENCE_UNIT = /[^.!?。！？\n]+(?:[.!?。！？]+[^\S\n]*)?\n*|[.!?。！？]+[^\S\n]*\n*|\n+/gu;
const UNIT_PATTERNS = [LINE_UNIT, SENTENCE_UNIT];

function diffAtLevel(
  a: string,
  b: string,
  level: number,
  budget: number,
  state: { coarseRegions: number },
): Change[] {
  if (a === '' || b === '') return [{ value: a + b, added: b !== '', removed: a !== '', count: 1 }];
  const pattern = UNIT_PATTERNS[level];
  if (pattern === undefined) {
    const words = answerWordDiff.diff(a, b, { maxEditLength: budget });
    if (words !== undefined) return words;
    state.coarseRegions++;
    return [
      { value: a, added: false, removed: true, count: 1 },
      { value: b, added: true, removed: false, count: 1 },
    ];
  }
  const ua = a.match(pattern) ?? [];
  const ub = b.match(pattern) ?? [];
  // A single unit on both sides cannot be split further at this level.
  if (ua.length <= 1 && ub.length <= 1) return diffAtLevel(a, b, level + 1, budget, state);
  const units = diffArrays(ua, ub, { maxEditLength: budget });
  if (units === undefined) return diffAtLevel(a, b, level + 1, budget, state);

  const out: Change[] = [];
  for (let i = 0; i < units.length; i++) {
    const u = units[i] as ArrayChange<string>;
    if (!u.added && !u.removed) {
      out.push({ value: u.value.join(''), added: false, removed: false, count: u.count });
      continue;
    }
    // A changed region: the removed and added units between two kept ones.
    let removed = '';
    let added = '';
    while (
      i < units.length &&
      ((units[i] as ArrayChange<string>).removed || (units[i] as ArrayChange<string>).added)
    ) {
      const x = units[i++] as ArrayChange<string>;
      if (x.removed) removed += x.value.join('');
      else added += x.value.join('');
    }
    i--;
    out.push(...diffAtLevel(removed, added, level + 1, budget, state));
  }
  return out;
}

function countStats(changes: Change[]): DiffStats {
  let removedTokens = 0;
  let addedTokens = 0;
  let unchangedTokens = 0;
  for (const c of changes) {
    const n = countWordTokens(c.value);
    if (c.added) addedTokens += n;
    else if (c.removed) removedTokens += n;
    else unchangedTokens += n;
  }
  return {
    oldTokens: unchangedTokens + removedTokens,
    newTokens: unchangedTokens + addedTokens,
    removedTokens,
    addedTokens,
    unchangedTokens,
  };
}

const INLINE_SPACE = /^[^\S\r\n]+$/u;

/**
 * Readability pass: a lone space kept between two changes ("[-the-]{+a+} [-quick-]{+slow+}")
 * is folded into both sides, so a rewritten phrase reads as one deletion followed by one
 * insertion ("[-the quick-]{+a slow+}"). Adjacent deletions and insertions are merged,
 * deletion first, and neighbouring equal texts are joined.
 */
function absorbSpacesBetweenChanges(changes: Change[]): DiffSegment[] {
  const out: DiffSegment[] = [];
  let del = '';
  let ins = '';
  const flush = (): void => {
    if (del !== '') out.push({ op: 'delete', text: del });
    if (ins !== '') out.push({ op: 'insert', text: ins });
    del = '';
    ins = '';
  };
  for (let i = 0; i < changes.length; i++) {
    const c = changes[i] as Change;
    if (c.removed) del += c.value;
    else if (c.added) ins += c.value;
    else {
      const prevChanged = del !== '' || ins !== '';
      const next = changes[i + 1];
      const nextChanged = next !== undefined && (next.added || next.removed);
      if (prevChanged && nextChanged && INLINE_SPACE.test(c.value)) {
        del += c.value;
        ins += c.value;
        continue;
      }
      flush();
      if (c.value === '') continue;
      const last = out[out.length - 1];
      if (last !== undefined && last.op === 'equal') last.text += c.value;
      else out.push({ op: 'equal', text: c.value });
    }
  }
  flush();
  return out;
}
