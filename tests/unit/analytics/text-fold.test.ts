import { describe, expect, it } from 'vitest';
import { foldChar, foldWithOffsets } from '../../../src/shared/analytics/text-fold';

// The fold of a whole text is the fold of each of its characters in turn, whichever way the
// text is read: run by run (ASCII with a few accents or curly quotes) or unit by unit (text
// mostly outside ASCII). Each character's folded start maps back to the character as written.

/** Each code point of `text` with its original offset, and the fold expected of the whole. */
function reference(text: string): {
  folded: string;
  chars: Array<{ o: number; w: number; f: number; len: number }>;
} {
  const chars: Array<{ o: number; w: number; f: number; len: number }> = [];
  let folded = '';
  let o = 0;
  for (const ch of text) {
    const fc = foldChar(ch);
    chars.push({ o, w: ch.length, f: folded.length, len: fc.length });
    folded += fc;
    o += ch.length;
  }
  return { folded, chars };
}

function expectFoldOf(text: string): void {
  const fold = foldWithOffsets(text);
  const ref = reference(text);
  expect(fold.folded).toBe(ref.folded);
  for (const c of ref.chars) {
    if (c.len === 0) continue;
    expect(fold.toFolded(c.o)).toBe(c.f);
    expect(fold.toOriginalStart(c.f)).toBe(c.o);
  }
}

const DENSE = [
  'Банк «Кон­тора» — ЛУЧШИЙ выбор: Ёлка, йогурт, ДРУГОЕ.',
  '삼성은 좋지만 배터리가 약하다. Keyfort는 최고의 선택입니다!',
  'السيارة ممتازة، والخدمة رائعة جداً. الأفضل هو نورد‌اير',
  'ソニーのヘッドホンはガカ゛゜最高です。ｆｉｌｍ①',
  '这款产品不太好，但是价格便宜。𝒜𝓅𝓅𝓁ℯ 😀',
];
const SPARSE = [
  'The best choice is Café Noir — it’s “great”, and Straße is İstanbul’s ﬁnest.',
  'Pour la plupart des gens, Éclat est recommandé: léger et rapide.',
  'Plain ASCII Only, With Capitals.',
];

describe('text fold', () => {
  it('folds text mostly outside ASCII character by character, offsets mapped back', () => {
    for (const text of DENSE) expectFoldOf(text.repeat(3));
  });

  it('folds ASCII text with a few other characters the same way', () => {
    for (const text of SPARSE) expectFoldOf(`${'Lead In. '.repeat(40)}${text}`);
  });

  it('folds a long text whose fold is longer than itself (Hangul spelled out in jamo)', () => {
    const text = '삼성은 좋지만 배터리가 약하다. '.repeat(5000);
    expect(text.length).toBeGreaterThan(1 << 16);
    expectFoldOf(text);
  });

  it('keeps a lone surrogate and a leading byte-order mark as they are', () => {
    const text = '\ufeffДом\ud800дом\udc00ДОМ'.repeat(20);
    expect(foldWithOffsets(text).folded).toBe(reference(text).folded);
    expect(foldWithOffsets(text).folded.startsWith('\ufeffдом\ud800')).toBe(true);
  });
});
