import { describe, expect, it } from 'vitest';
import { splitSentences } from '../../../src/shared/positioning/sentences';
import { splitBlocks } from '../../../src/shared/positioning/structure';

// The blocks and sentences the judge reads, with offsets into the answer as given.

describe('positioning structure', () => {
  it('headings, ranked items, table rows with their column headers, paragraphs; code fences skipped', () => {
    const text = [
      '## Best tents',
      '',
      '1. **Alpha** – top pick',
      '2. **Beta** – solid',
      '   continues here',
      '',
      '| Tent | Pros | Cons |',
      '|---|---|---|',
      '| Alpha | Light | Pricey |',
      '',
      '```',
      '1. not a list',
      '```',
      'Closing words.',
    ].join('\n');
    const blocks = splitBlocks(text);
    const view = blocks.map((b) => [b.kind, text.slice(b.start, b.end), b.rank]);
    expect(view).toEqual([
      ['heading', 'Best tents', 0],
      ['item', '**Alpha** – top pick', 1],
      ['item', '**Beta** – solid\n   continues here', 2],
      ['row', '| Tent | Pros | Cons |', 0],
      ['row', '| Alpha | Light | Pricey |', 0],
      ['para', 'Closing words.', 0],
    ]);
    const row = blocks[4];
    expect(row?.cells?.map((c) => [text.slice(c.start, c.end), c.header])).toEqual([
      ['Alpha', 'Tent'],
      ['Light', 'Pros'],
      ['Pricey', 'Cons'],
    ]);
    expect(blocks[1]?.heading).toBe(0);
    expect(blocks[1]?.group).toBe(blocks[2]?.group);
  });

  it('a list interrupted by a paragraph starts again at rank 1', () => {
    const text = 'Pros:\n- a\n- b\n\nCons:\n- c\n';
    expect(splitBlocks(text).map((b) => [b.kind, b.rank])).toEqual([
      ['para', 0],
      ['item', 1],
      ['item', 2],
      ['para', 0],
      ['item', 1],
    ]);
  });

  it('sentences: . ! ? before a space or the end, Japanese 。！？, not decimals, domains or abbreviations', () => {
    const text =
      'Rated 4.5 stars on example.com, e.g. by testers. Great! Z.B. Nr. 1 im Test. 軽量です。静かです！';
    const got = splitSentences(text, 0, text.length).map((r) => text.slice(r.start, r.end));
    expect(got).toEqual([
      'Rated 4.5 stars on example.com, e.g. by testers.',
      'Great!',
      'Z.B. Nr. 1 im Test.',
      '軽量です。',
      '静かです！',
    ]);
  });
});
