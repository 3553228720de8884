import { diffArrays } from 'diff';
import type { DiffSegment, DiffStats } from './diff-types';
import { splitMarkdownBlocks, type MarkdownBlock, type MarkdownBlockKind } from './markdown-blocks';
import { diffText } from './text-diff';
import { countWordTokens, wordTokenList } from './word-tokens';

export type BlockDiffStatus = 'equal' | 'changed' | 'added' | 'removed';

export interface MarkdownBlockDiff {
  status: BlockDiffStatus;
  kind: MarkdownBlockKind;
  /** The block on each side (null for an added block's old side / a removed block's new side). */
  old: MarkdownBlock | null;
  new: MarkdownBlock | null;
  /** Word diff of the blocks' contents (one segment for equal, added and removed blocks). */
  segments: DiffSegment[];
  /** Token similarity of the two contents (1 for equal blocks, 0 for added/removed ones). */
  similarity: number;
  /** A changed block whose attributes changed too (heading level, list nesting or numbering, code language). */
  structureChanged: boolean;
}

export interface MarkdownDiff {
  blocks: MarkdownBlockDiff[];
  /** Same definition as TextDiff.similarity, over the blocks' contents. */
  similarity: number;
  stats: DiffStats;
  identical: boolean;
}

export interface MarkdownDiffOptions {
  /**
   * Two blocks of the same kind in a changed region are shown as one changed block (word diff
   * inside) when their token similarity reaches this; otherwise as a removal and an addition.
   * Default 0.3.
   */
  pairingThreshold?: number;
}

const DEFAULT_PAIRING_THRESHOLD = 0.3;

/**
 * Diff of two markdown renderings that never breaks markdown structure: both sides are cut into
 * blocks, the block sequences are aligned with jsdiff (diffArrays on kind + content), and inside
 * each run of changed blocks, blocks of the same kind that still resemble each other are paired
 * and word-diffed (diffText); the rest are whole additions or removals.
 */
export function diffMarkdown(
  oldMarkdown: string,
  newMarkdown: string,
  options: MarkdownDiffOptions = {},
): MarkdownDiff {
  const threshold = options.pairingThreshold ?? DEFAULT_PAIRING_THRESHOLD;
  const a = splitMarkdownBlocks(oldMarkdown);
  const b = splitMarkdownBlocks(newMarkdown);
  const changes = diffArrays(a, b, { comparator: sameBlock });

  const blocks: MarkdownBlockDiff[] = [];
  let oldPos = 0;
  for (let i = 0; i < changes.length; i++) {
    const c = changes[i];
    if (c === undefined) continue;
    if (!c.added && !c.removed) {
      // Equal under the comparator; jsdiff reports the new side's blocks, the old ones are at oldPos.
      c.value.forEach((nb, k) => blocks.push(equalBlock(a[oldPos + k] ?? nb, nb)));
      oldPos += c.count;
      continue;
    }
    const removed: MarkdownBlock[] = [];
    const added: MarkdownBlock[] = [];
    while (i < changes.length && (changes[i]?.added === true || changes[i]?.removed === true)) {
      const x = changes[i++];
      if (x?.removed) {
        removed.push(...x.value);
        oldPos += x.count;
      } else if (x?.added) added.push(...x.value);
    }
    i--;
    blocks.push(...pairRegion(removed, added, threshold));
  }

  const stats = blockStats(blocks);
  const total = stats.oldTokens + stats.newTokens;
  return {
    blocks,
    similarity: total === 0 ? 1 : 1 - (stats.removedTokens + stats.addedTokens) / total,
    stats,
    identical: oldMarkdown === newMarkdown,
  };
}

function sameBlock(x: MarkdownBlock, y: MarkdownBlock): boolean {
  return (
    x.kind === y.kind &&
    x.headingLevel === y.headingLevel &&
    x.depth === y.depth &&
    x.ordered === y.ordered &&
    x.language === y.language &&
    normalizeSpace(x.content) === normalizeSpace(y.content)
  );
}

function normalizeSpace(s: string): string {
  return s.replace(/[^\S\n]+/gu, ' ').trim();
}

function equalBlock(ob: MarkdownBlock, nb: MarkdownBlock): MarkdownBlockDiff {
  return {
    status: 'equal',
    kind: nb.kind,
    old: ob,
    new: nb,
    segments: nb.content === '' ? [] : [{ op: 'equal', text: nb.content }],
    similarity: 1,
    structureChanged: false,
  };
}

function wholeBlock(b: MarkdownBlock, status: 'added' | 'removed'): MarkdownBlockDiff {
  return {
    status,
    kind: b.kind,
    old: status === 'removed' ? b : null,
    new: status === 'added' ? b : null,
    segments: b.content === '' ? [] : [{ op: status === 'added' ? 'insert' : 'delete', text: b.content }],
    similarity: 0,
    structureChanged: false,
  };
}

/** Dice coefficient of the two contents' token bags: cheap, order-blind, enough for pairing. */
function bagSimilarity(x: string, y: string): number {
  const tx = wordTokenList(x.toLowerCase());
  const ty = wordTokenList(y.toLowerCase());
  if (tx.length + ty.length === 0) return 1;
  const bag = new Map<string, number>();
  for (const t of tx) bag.set(t, (bag.get(t) ?? 0) + 1);
  let common = 0;
  for (const t of ty) {
    const n = bag.get(t) ?? 0;
    if (n > 0) {
      common++;
      bag.set(t, n - 1);
    }
  }
  return (2 * common) / (tx.length + ty.length);
}

/**
 * Pairs removed and added blocks of one changed region in order: each removed block takes the
 * first still-unpaired added block of the same kind that resembles it enough; added blocks
 * passed over on the way are shown as additions before it.
 */
function pairRegion(
  removed: MarkdownBlock[],
  added: MarkdownBlock[],
  threshold: number,
): MarkdownBlockDiff[] {
  const out: MarkdownBlockDiff[] = [];
  let j = 0;
  for (const r of removed) {
    let match = -1;
    for (let k = j; k < added.length; k++) {
      const cand = added[k] as MarkdownBlock;
      if (cand.kind === r.kind && bagSimilarity(r.content, cand.content) >= threshold) {
        match = k;
        break;
      }
    }
    if (match === -1) {
      out.push(wholeBlock(r, 'removed'));
      continue;
    }
    for (; j < match; j++) out.push(wholeBlock(added[j] as MarkdownBlock, 'added'));
    const nb = added[match] as MarkdownBlock;
    const d = diffText(r.content, nb.content, { contextWords: Infinity });
    out.push({
      status: 'changed',
      kind: nb.kind,
      old: r,
      new: nb,
      segments: d.segments,
      similarity: d.similarity,
      structureChanged:
        r.headingLevel !== nb.headingLevel ||
        r.depth !== nb.depth ||
        r.ordered !== nb.ordered ||
        r.language !== nb.language,
    });
    j = match + 1;
  }
  for (; j < added.length; j++) out.push(wholeBlock(added[j] as MarkdownBlock, 'added'));
  return out;
}

function blockStats(blocks: MarkdownBlockDiff[]): DiffStats {
  let removedTokens = 0;
  let addedTokens = 0;
  let unchangedTokens = 0;
  for (const b of blocks) {
    for (const s of b.segments) {
      const n = countWordTokens(s.text);
      if (s.op === 'insert') addedTokens += n;
      else if (s.op === 'delete') removedTokens += n;
      else unchangedTokens += n;
    }
  }
  return {
    oldTokens: unchangedTokens + removedTokens,
    newTokens: unchangedTokens + addedTokens,
    removedTokens,
    addedTokens,
    unchangedTokens,
  };
}
