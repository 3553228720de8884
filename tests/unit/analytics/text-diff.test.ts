import { describe, expect, it } from 'vitest';
import { diffText } from '../../../src/shared/analytics';

describe('diffText', () => {
  it('diffs words and scores similarity as 1 − changed tokens / all tokens', () => {
    const d = diffText('the quick brown fox', 'the slow brown fox');
    expect(d.segments).toEqual([
      { op: 'equal', text: 'the ' },
      { op: 'delete', text: 'quick' },
      { op: 'insert', text: 'slow' },
      { op: 'equal', text: ' brown fox' },
    ]);
    // 4 tokens each side, 1 removed + 1 added: 1 − 2/8 = 0.75.
    expect(d.stats).toEqual({
      oldTokens: 4,
      newTokens: 4,
      removedTokens: 1,
      addedTokens: 1,
      unchangedTokens: 3,
    });
    expect(d.similarity).toBe(0.75);
    expect(d.identical).toBe(false);
    expect(d.coarseRegions).toBe(0);
  });

  it('reads a rewritten phrase as one deletion and one insertion, not word confetti', () => {
    const d = diffText('the quick brown fox jumps', 'a slow brown fox jumps');
    expect(d.segments.slice(0, 2)).toEqual([
      { op: 'delete', text: 'the quick' },
      { op: 'insert', text: 'a slow' },
    ]);
    // 5 + 5 tokens, 2 removed + 2 added: 1 − 4/10.
    expect(d.similarity).toBeCloseTo(0.6, 12);
  });

  it('collapses unchanged context into hunks with the configured context size', () => {
    const d = diffText(
      'one two three four five six seven eight nine ten eleven twelve',
      'one two three FOUR five six seven eight nine ten eleven TWELVE',
      { contextWords: 2 },
    );
    expect(d.hunks).toEqual([
      {
        skippedBefore: 1, // "one"
        segments: [
          { op: 'equal', text: 'two three ' },
          { op: 'delete', text: 'four' },
          { op: 'insert', text: 'FOUR' },
          { op: 'equal', text: ' five six' },
        ],
      },
      {
        skippedBefore: 3, // "seven eight nine"
        segments: [
          { op: 'equal', text: 'ten eleven ' },
          { op: 'delete', text: 'twelve' },
          { op: 'insert', text: 'TWELVE' },
        ],
      },
    ]);
    expect(d.skippedAfter).toBe(0);
    // 12 + 12 tokens, 2 + 2 changed: 1 − 4/24.
    expect(d.similarity).toBeCloseTo(20 / 24, 12);
  });

  it('keeps short unchanged stretches inside one hunk and counts trailing context', () => {
    const d = diffText('a b c d e f g h', 'a X c d e f g h', { contextWords: 1 });
    expect(d.hunks).toEqual([
      {
        skippedBefore: 0,
        segments: [
          { op: 'equal', text: 'a ' },
          { op: 'delete', text: 'b' },
          { op: 'insert', text: 'X' },
          { op: 'equal', text: ' c' },
        ],
      },
    ]);
    expect(d.skippedAfter).toBe(5); // d e f g h
  });

  it('keeps a change inside its paragraph', () => {
    const d = diffText('Para one is here.\n\nPara two stays.\n', 'Para one is there.\n\nPara two stays.\n');
    expect(d.segments).toEqual([
      { op: 'equal', text: 'Para one is ' },
      { op: 'delete', text: 'here' },
      { op: 'insert', text: 'there' },
      { op: 'equal', text: '.\n\nPara two stays.\n' },
    ]);
  });

  it('treats identical texts as identical, with no hunks', () => {
    const d = diffText('Same answer.', 'Same answer.');
    expect(d.identical).toBe(true);
    expect(d.similarity).toBe(1);
    expect(d.hunks).toEqual([]);
    expect(d.skippedAfter).toBe(3); // "Same", "answer" and "." (punctuation is a token)
    expect(d.segments).toEqual([{ op: 'equal', text: 'Same answer.' }]);
  });

  it('ignores a change in spacing but not in line breaks', () => {
    const spaced = diffText('a  b', 'a b');
    expect(spaced.identical).toBe(false);
    expect(spaced.similarity).toBe(1);
    expect(spaced.hunks).toEqual([]);
    const broken = diffText('a b', 'a\nb');
    expect(broken.hunks.length).toBe(1);
  });

  it('handles empty answers', () => {
    expect(diffText('', '')).toMatchObject({ segments: [], hunks: [], similarity: 1, identical: true });
    const added = diffText('', 'hello world');
    expect(added.segments).toEqual([{ op: 'insert', text: 'hello world' }]);
    expect(added.similarity).toBe(0);
    expect(diffText('hello', '').segments).toEqual([{ op: 'delete', text: 'hello' }]);
  });

  it('uses whole words in Cyrillic, and in Chinese and Japanese the words Intl.Segmenter finds', () => {
    const ru = diffText('Привет мир', 'Привет всем');
    expect(ru.segments).toEqual([
      { op: 'equal', text: 'Привет ' },
      { op: 'delete', text: 'мир' },
      { op: 'insert', text: 'всем' },
    ]);
    expect(ru.similarity).toBe(0.5); // 1 − 2/4
    const zh = diffText('我喜欢苹果', '我喜欢香蕉');
    expect(zh.segments).toEqual([
      { op: 'equal', text: '我喜欢' },
      { op: 'delete', text: '苹果' },
      { op: 'insert', text: '香蕉' },
    ]);
    expect(zh.similarity).toBeCloseTo(2 / 3, 12); // 我 / 喜欢 / 苹果: 1 − 2/6
    const ja = diffText('最近のランニングシューズはおすすめです', '最近のトレイルシューズはおすすめです');
    expect(ja.segments).toEqual([
      { op: 'equal', text: '最近の' },
      { op: 'delete', text: 'ランニング' },
      { op: 'insert', text: 'トレイル' },
      { op: 'equal', text: 'シューズはおすすめです' },
    ]);
    expect(ja.stats).toMatchObject({ removedTokens: 1, addedTokens: 1 });
  });

  it('shows a region whole when it is too different to align within the budget', () => {
    const d = diffText('a b c d', 'w x y z', { maxEditLength: 2 });
    expect(d.coarseRegions).toBe(1);
    expect(d.segments).toEqual([
      { op: 'delete', text: 'a b c d' },
      { op: 'insert', text: 'w x y z' },
    ]);
    expect(d.similarity).toBe(0);
  });

  it('reconstructs both texts from the segments', () => {
    const a = 'First line here.\nSecond line, with a comma. Third sentence!\n\nLast.';
    const b = 'First line there.\nSecond line with no comma. Third sentence!\n\nNew para.\n\nLast.';
    const d = diffText(a, b);
    expect(
      d.segments
        .filter((s) => s.op !== 'insert')
        .map((s) => s.text)
        .join(''),
    ).toBe(a);
    expect(
      d.segments
        .filter((s) => s.op !== 'delete')
        .map((s) => s.text)
        .join(''),
    ).toBe(b);
  });
});
