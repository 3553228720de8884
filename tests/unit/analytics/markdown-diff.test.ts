import { describe, expect, it } from 'vitest';
import { diffMarkdown, splitMarkdownBlocks } from '../../../src/shared/analytics';

const OLD = [
  '# Best shoes',
  '',
  'Here are **top** picks:',
  '',
  '- Nike Pegasus',
  '  great cushion',
  '- Asics Gel',
  '  1. nested',
  '',
  '| Brand | Price |',
  '|---|---|',
  '| Nike | $120 |',
  '',
  '```js',
  'const x = 1;',
  '```',
  '',
  '> quote here',
  '',
  '---',
  'Title',
  '===',
].join('\n');

describe('splitMarkdownBlocks', () => {
  it('cuts headings, paragraphs, list items, table rows, code, quotes and rules', () => {
    const blocks = splitMarkdownBlocks(OLD);
    expect(blocks.map((b) => [b.kind, b.content])).toEqual([
      ['heading', 'Best shoes'],
      ['paragraph', 'Here are **top** picks:'],
      ['list-item', 'Nike Pegasus\ngreat cushion'],
      ['list-item', 'Asics Gel'],
      ['list-item', 'nested'],
      ['table-row', 'Brand | Price'],
      ['table-row', 'Nike | $120'],
      ['code', 'const x = 1;'],
      ['blockquote', 'quote here'],
      ['thematic-break', ''],
      ['heading', 'Title'],
    ]);
    expect(blocks[0]?.headingLevel).toBe(1);
    expect(blocks[4]).toMatchObject({ depth: 1, ordered: true, source: '  1. nested' });
    expect(blocks[2]).toMatchObject({ depth: 0, ordered: false });
    expect(blocks[7]).toMatchObject({ language: 'js', source: '```js\nconst x = 1;\n```' });
    expect(blocks[10]).toMatchObject({ headingLevel: 1, source: 'Title\n===' });
  });

  it('returns no blocks for an empty answer', () => {
    expect(splitMarkdownBlocks('')).toEqual([]);
    expect(splitMarkdownBlocks('\n\n  \n')).toEqual([]);
  });

  it('keeps an unclosed fence as code to the end', () => {
    expect(splitMarkdownBlocks('```\na\n# not a heading')).toMatchObject([
      { kind: 'code', content: 'a\n# not a heading' },
    ]);
  });
});

describe('diffMarkdown', () => {
  it('aligns blocks and word-diffs only inside changed blocks', () => {
    const NEW = [
      '# Best shoes 2025',
      '',
      'Here are **top** picks:',
      '',
      '- Nike Pegasus',
      '  great cushion',
      '- Brooks Ghost',
      '- Asics Gel',
      '  1. nested',
      '',
      '| Brand | Price |',
      '|---|---|',
      '| Nike | $130 |',
    ].join('\n');
    const d = diffMarkdown(OLD, NEW);
    expect(d.blocks.map((b) => [b.status, b.kind])).toEqual([
      ['changed', 'heading'],
      ['equal', 'paragraph'],
      ['equal', 'list-item'],
      ['added', 'list-item'],
      ['equal', 'list-item'],
      ['equal', 'list-item'],
      ['equal', 'table-row'],
      ['changed', 'table-row'],
      ['removed', 'code'],
      ['removed', 'blockquote'],
      ['removed', 'thematic-break'],
      ['removed', 'heading'],
    ]);
    expect(d.blocks[0]?.segments).toEqual([
      { op: 'equal', text: 'Best shoes' },
      { op: 'insert', text: ' 2025' },
    ]);
    expect(d.blocks[7]?.segments).toEqual([
      { op: 'equal', text: 'Nike | $' },
      { op: 'delete', text: '120' },
      { op: 'insert', text: '130' },
    ]);
    // Old tokens: heading 2, paragraph 9 (Here are * * top * * picks :), list 4+2+1,
    // table 3+4 (Brand | Price; Nike | $ 120), code 5 (const x = 1 ;), quote 2, rule 0,
    // setext heading 1 = 33.
    // New: heading 3, paragraph 9, list 4+2+2+1, table 3+4 = 28. Unchanged: 33 − 9 = 24.
    // Removed: "120" (1) + code 5 + quote 2 + "Title" 1 = 9; added: "2025" 1 + "Brooks Ghost" 2 + "130" 1 = 4.
    expect(d.stats).toEqual({
      oldTokens: 33,
      newTokens: 28,
      removedTokens: 9,
      addedTokens: 4,
      unchangedTokens: 24,
    });
    expect(d.similarity).toBeCloseTo(1 - 13 / 61, 12);
  });

  it('does not pair unrelated blocks of the same kind', () => {
    const d = diffMarkdown('Apples are red.', 'Quantum physics rules.');
    expect(d.blocks.map((b) => b.status)).toEqual(['removed', 'added']);
    expect(d.similarity).toBe(0);
  });

  it('flags a structural change of a paired block', () => {
    const d = diffMarkdown('## Top picks today', '### Top picks today');
    expect(d.blocks).toHaveLength(1);
    expect(d.blocks[0]).toMatchObject({ status: 'changed', structureChanged: true, similarity: 1 });
  });

  it('treats identical and empty markdown sensibly', () => {
    expect(diffMarkdown(OLD, OLD)).toMatchObject({ identical: true, similarity: 1 });
    expect(diffMarkdown(OLD, OLD).blocks.every((b) => b.status === 'equal')).toBe(true);
    expect(diffMarkdown('', '')).toMatchObject({ blocks: [], similarity: 1, identical: true });
  });
});
