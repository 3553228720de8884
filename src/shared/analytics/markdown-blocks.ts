// Splits a markdown answer into top-level blocks (headings, paragraphs, list items, fenced
// code, table rows, block quotes, rules) so two answers can be diffed block by block without a
// change ever spanning, or breaking, markdown structure. This is a block tokenizer only, for the
// block forms answer engines write (CommonMark ATX/setext headings, -,*,+ and 1. 1) lists,
// ``` and ~~~ fences, GFM pipe tables, > quotes); inline markdown stays in the content as
// written. The renderer renders content as text, so no markdown or HTML in an answer is
// interpreted when showing a diff.

export type MarkdownBlockKind =
  'heading' | 'paragraph' | 'list-item' | 'code' | 'table-row' | 'blockquote' | 'thematic-break';

export interface MarkdownBlock {
  kind: MarkdownBlockKind;
  /** What the diff compares: the source without block markers (#, bullets, >, fences, pipes). */
  content: string;
  /** The block's lines exactly as written. */
  source: string;
  /** Heading level 1-6, else null. */
  headingLevel: number | null;
  /** List nesting (0 = top level) for list items, quote nesting for block quotes, else 0. */
  depth: number;
  /** List items: numbered (true) or bulleted (false); else null. */
  ordered: boolean | null;
  /** Fenced code: the info string's language, else null. */
  language: string | null;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^\s`]*)/u;
const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/u;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/u;
const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/u;
const LIST_ITEM = /^([ \t]*)([-*+]|\d{1,9}[.)])(?:[ \t]+(.*))?$/u;
const QUOTE = /^ {0,3}>/u;
const TABLE_DELIMITER = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)+\|?[ \t]*$/u;
const BLANK = /^[ \t]*$/u;

function block(
  kind: MarkdownBlockKind,
  content: string,
  source: string,
  extra: Partial<MarkdownBlock> = {},
): MarkdownBlock {
  return { kind, content, source, headingLevel: null, depth: 0, ordered: null, language: null, ...extra };
}

function startsBlock(line: string, next: string | undefined): boolean {
  return (
    FENCE.test(line) ||
    ATX.test(line) ||
    RULE.test(line) ||
    LIST_ITEM.test(line) ||
    QUOTE.test(line) ||
    isTableRow(line, next)
  );
}

function isTableRow(line: string, next: string | undefined): boolean {
  return (
    line.trimStart().startsWith('|') ||
    (line.includes('|') && next !== undefined && TABLE_DELIMITER.test(next))
  );
}

function tableCells(line: string): string {
  let s = line.trim();
  if (s.startsWith('|')) s = s.slice(1);
  if (s.endsWith('|') && !s.endsWith('\\|')) s = s.slice(0, -1);
  return s
    .split(/(?<!\\)\|/u)
    .map((c) => c.trim())
    .join(' | ');
}

function indentWidth(indent: string): number {
  let w = 0;
  for (const ch of indent) w += ch === '\t' ? 4 : 1;
  return w;
}

export function splitMarkdownBlocks(markdown: string): MarkdownBlock[] {
  const lines = markdown.split(/\r?\n/u);
  const blocks: MarkdownBlock[] = [];
  // Indents of the open list levels, to turn indentation into a nesting depth.
  let listIndents: number[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] as string;
    const next = lines[i + 1];
    if (BLANK.test(line)) {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence !== null) {
      const marker = fence[1] as string;
      const body: string[] = [];
      const src: string[] = [line];
      i++;
      while (i < lines.length) {
        const l = lines[i] as string;
        i++;
        src.push(l);
        const close = /^ {0,3}(`{3,}|~{3,})[ \t]*$/u.exec(l);
        if (
          close !== null &&
          (close[1] as string)[0] === marker[0] &&
          (close[1] as string).length >= marker.length
        )
          break;
        body.push(l);
      }
      blocks.push(
        block('code', body.join('\n'), src.join('\n'), {
          language: fence[2] === '' ? null : (fence[2] ?? null),
        }),
      );
      listIndents = [];
      continue;
    }
    const atx = ATX.exec(line);
    if (atx !== null) {
      blocks.push(block('heading', (atx[2] ?? '').trim(), line, { headingLevel: (atx[1] as string).length }));
      listIndents = [];
      i++;
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item !== null && !RULE.test(line)) {
      const indent = indentWidth(item[1] as string);
      while (listIndents.length > 0 && indent < (listIndents[listIndents.length - 1] as number))
        listIndents.pop();
      if (listIndents.length === 0 || indent > (listIndents[listIndents.length - 1] as number))
        listIndents.push(indent);
      const depth = listIndents.length - 1;
      const content: string[] = [item[3] ?? ''];
      const src: string[] = [line];
      i++;
      // Continuation lines: indented or lazy lines up to a blank line or the next block.
      while (i < lines.length) {
        const l = lines[i] as string;
        if (BLANK.test(l) || startsBlock(l, lines[i + 1])) break;
        content.push(l.trim());
        src.push(l);
        i++;
      }
      blocks.push(
        block('list-item', content.join('\n').trim(), src.join('\n'), {
          depth,
          ordered: /\d/u.test(item[2] as string),
        }),
      );
      continue;
    }
    listIndents = [];
    if (RULE.test(line)) {
      blocks.push(block('thematic-break', '', line));
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const content: string[] = [];
      const src: string[] = [];
      let depth = 0;
      while (i < lines.length && QUOTE.test(lines[i] as string)) {
        const l = lines[i] as string;
        const m = /^((?: {0,3}>[ \t]?)+)(.*)$/u.exec(l);
        const markers = m?.[1] ?? '';
        depth = Math.max(depth, (markers.match(/>/gu) ?? []).length);
        content.push(m?.[2] ?? '');
        src.push(l);
        i++;
      }
      blocks.push(block('blockquote', content.join('\n').trim(), src.join('\n'), { depth }));
      continue;
    }
    if (isTableRow(line, next)) {
      while (i < lines.length && !BLANK.test(lines[i] as string) && (lines[i] as string).includes('|')) {
        const l = lines[i] as string;
        if (!TABLE_DELIMITER.test(l)) blocks.push(block('table-row', tableCells(l), l));
        i++;
      }
      continue;
    }
    // Paragraph: up to a blank line, another block, or a setext underline.
    const content: string[] = [line.trim()];
    const src: string[] = [line];
    i++;
    let setextLevel: number | null = null;
    while (i < lines.length) {
      const l = lines[i] as string;
      if (BLANK.test(l)) break;
      const setext = SETEXT.exec(l);
      if (setext !== null) {
        setextLevel = (setext[1] as string).startsWith('=') ? 1 : 2;
        src.push(l);
        i++;
        break;
      }
      if (startsBlock(l, lines[i + 1])) break;
      content.push(l.trim());
      src.push(l);
      i++;
    }
    if (setextLevel !== null) {
      blocks.push(block('heading', content.join(' '), src.join('\n'), { headingLevel: setextLevel }));
    } else {
      blocks.push(block('paragraph', content.join('\n'), src.join('\n')));
    }
  }
  return blocks;
}
