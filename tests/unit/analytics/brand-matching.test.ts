import { describe, expect, it } from 'vitest';
import {
  compileBrandMatcher,
  findBrandMentions,
  foldText,
  foldWithOffsets,
  type BrandDefinition,
} from '../../../src/shared/analytics';

function brand(id: string, name: string, aliases: string[] = [], domains: string[] = []): BrandDefinition {
  return { id, name, kind: 'brand', aliases, domains };
}

/** The mentions as [brandId, text as written]. */
function found(brands: BrandDefinition[], text: string): Array<[string, string]> {
  return findBrandMentions(compileBrandMatcher(brands), text).map((m) => [
    m.brandId,
    text.slice(m.start, m.end),
  ]);
}

describe('foldText', () => {
  it('folds case, accents and special letters', () => {
    expect(foldText('Straße MÜLLER')).toBe('strasse muller');
    expect(foldText('ÆRØ Łódź Œuvre')).toBe('aero lodz oeuvre');
    expect(foldText('Ёлка')).toBe('елка');
    expect(foldText('ＡＢＣ ﬁne')).toBe('abc fine');
    expect(foldText('İstanbul')).toBe('istanbul');
  });

  it('folds NFC and NFD input alike', () => {
    expect(foldText('Caf\u00e9')).toBe(foldText('Cafe\u0301'));
    expect(foldText('\uC0BC\uC131')).toBe(foldText('\uC0BC\uC131'.normalize('NFD'))); // 삼성
  });

  it('removes Arabic harakat and tatweel', () => {
    expect(foldText('أَمَازُون')).toBe(foldText('امازون'));
    expect(foldText('أمـــازون')).toBe(foldText('امازون'));
  });

  it('maps folded offsets back to the original text', () => {
    // "Straße Nike": ß (offset 4) folds to "ss", so folded "nike" starts at 8, original 7.
    const f = foldWithOffsets('Straße Nike');
    expect(f.folded).toBe('strasse nike');
    expect(f.toOriginalStart(8)).toBe(7);
    expect(f.toOriginalEnd(12)).toBe(11);
    // Both folded "s" of ß come from offset 4; ending after the first "s" ends after ß.
    expect(f.toOriginalStart(5)).toBe(4);
    expect(f.toOriginalEnd(5)).toBe(5);
    // NFD: "e" + U+0301 at 3-4; folded "cafe ok" has no mark, " " (folded 4) is original 5.
    const d = foldWithOffsets('Cafe\u0301 ok');
    expect(d.folded).toBe('cafe ok');
    expect(d.toOriginalStart(4)).toBe(5);
    expect(d.toOriginalEnd(4)).toBe(5); // a match ending at "e" takes its accent with it
  });

  it('keeps characters that fold to themselves among the ones that change', () => {
    // Only ’ “ ” — and kanji: the lower-cased text itself, every offset kept.
    const plain = foldWithOffsets('It’s “Sony” — 東京 OK');
    expect(plain.folded).toBe('it’s “sony” — 東京 ok');
    expect(plain.sameOffsets).toBe(true);
    // Changed characters (É, ß) between kept ones (’, —, д): cut only there.
    const mixed = foldWithOffsets('L’ÉTÉ — Straße д Nike');
    expect(mixed.folded).toBe('l’ete — strasse д nike');
    expect(mixed.toOriginalStart(mixed.folded.indexOf('nike'))).toBe(17);
    expect(mixed.toOriginalStart(mixed.folded.indexOf('д'))).toBe(15);
  });

  it('maps original offsets to folded ones: the first folded offset produced at or after each', () => {
    // Every kind of piece: ß and ﬁ grow, combining marks and tatweel fold to nothing, a
    // surrogate pair, Hangul decomposed, text after and before ASCII runs, a mark at the end.
    const samples = [
      'Straße Nike',
      'Cafe\u0301 ok',
      'ﬁne Straße, ÉTÉ à Zürich 𝒜b',
      '\u0301a',
      'أمـــازون و',
      '삼성은 좋다',
      'ソニーのヘッドホンはおすすめです。',
      'end with mark e\u0301',
      'plain ascii only',
      'It’s “Sony” — 東京 OK, L’ÉTÉ — Straße д',
      '',
    ];
    for (const text of samples) {
      const f = foldWithOffsets(text);
      for (let o = 0; o <= text.length; o++) {
        // The definition: the smallest folded offset whose original start is at or after o.
        let expected = f.folded.length;
        for (let x = 0; x < f.folded.length; x++)
          if (f.toOriginalStart(x) >= o) {
            expected = x;
            break;
          }
        expect(f.toFolded(o), `${JSON.stringify(text)} at ${o}`).toBe(expected);
      }
    }
  });
});

describe('brand matching: word boundaries', () => {
  it('does not find Apple in Pineapple, nor AI in said', () => {
    const brands = [brand('apple', 'Apple'), brand('ai', 'AI')];
    expect(found(brands, 'Pineapple juice, she said.')).toEqual([]);
    expect(found(brands, "Apple's new AI, and APPLE.")).toEqual([
      ['apple', 'Apple'],
      ['ai', 'AI'],
      ['apple', 'APPLE'],
    ]);
    expect(found(brands, 'AI-powered (AI) apple2')).toEqual([
      ['ai', 'AI'],
      ['ai', 'AI'],
    ]);
  });

  it('prefers the longest alias and falls back to a shorter one', () => {
    const brands = [brand('apple', 'Apple'), brand('music', 'Apple Music')];
    expect(found(brands, 'Apple Music and Apple')).toEqual([
      ['music', 'Apple Music'],
      ['apple', 'Apple'],
    ]);
    expect(found(brands, 'Apple Musical')).toEqual([['apple', 'Apple']]);
    expect(found(brands, 'Apple\n  Music')).toEqual([['music', 'Apple\n  Music']]);
  });

  it('credits every brand sharing an alias, and escapes regex characters', () => {
    const brands = [brand('a', 'Galaxy', ['C++']), brand('b', 'Samsung', ['Galaxy'])];
    expect(found(brands, 'the galaxy; C++ rocks')).toEqual([
      ['a', 'galaxy'],
      ['b', 'galaxy'],
      ['a', 'C++'],
    ]);
  });

  it('finds Latin brand names glued to Chinese text', () => {
    expect(found([brand('apple', 'Apple')], '我喜欢Apple手机')).toEqual([['apple', 'Apple']]);
  });

  it('matches nothing in empty answers or with no brands', () => {
    expect(found([brand('x', 'X')], '')).toEqual([]);
    expect(found([], 'anything')).toEqual([]);
    expect(found([brand('x', '  ')], 'anything')).toEqual([]);
  });
});

describe('brand matching: languages', () => {
  it('German: umlauts, ß and their ASCII spellings', () => {
    const brands = [brand('mueller', 'Müller', ['Mueller']), brand('riese', 'Weißer Riese')];
    expect(found(brands, 'Molkerei MÜLLER, Mueller-Milch, Muller; WEISSER RIESE und Weisser Riese.')).toEqual(
      [
        ['mueller', 'MÜLLER'],
        ['mueller', 'Mueller'],
        ['mueller', 'Muller'], // accents are folded: "Muller" is "Müller" without its dots
        ['riese', 'WEISSER RIESE'],
        ['riese', 'Weisser Riese'],
      ],
    );
  });

  it('French: accents in NFC and NFD', () => {
    const brands = [brand('sg', 'Société Générale')];
    const nfd = 'Socie\u0301te\u0301 Ge\u0301ne\u0301rale';
    const text = `societe generale et ${nfd}.`;
    expect(found(brands, text)).toEqual([
      ['sg', 'societe generale'],
      ['sg', nfd],
    ]);
    const [, second] = findBrandMentions(compileBrandMatcher(brands), text);
    // "societe generale et " is 20 characters; the NFD name is 16 letters + 4 accents = 20.
    expect(second).toMatchObject({ start: 20, end: 40 });
  });

  it('Cyrillic: case, ё/е, word boundaries', () => {
    const brands = [brand('ya', 'Яндекс', ['Яндекса']), brand('yolka', 'Ёлка')];
    expect(found(brands, 'Сервисы ЯНДЕКС, Яндекс.Маркет и у Яндекса; ЯндексГо нет. Елка!')).toEqual([
      ['ya', 'ЯНДЕКС'],
      ['ya', 'Яндекс'],
      ['ya', 'Яндекса'],
      ['yolka', 'Елка'],
    ]);
  });

  it('Arabic: harakat, tatweel, hamza forms and attached proclitics', () => {
    const brands = [brand('amz', 'أمازون')];
    const text = 'تسوق من أَمَازُون أو امـازون ثم وأمازون وبالامازون، لكن زأمازون ليست.';
    expect(found(brands, text)).toEqual([
      ['amz', 'أَمَازُون'],
      ['amz', 'امـازون'],
      ['amz', 'أمازون'], // after the proclitic و
      ['amz', 'امازون'], // after وبال
    ]);
  });

  it('Japanese and Chinese: substring match, half-width katakana folded', () => {
    const brands = [brand('sony', 'ソニー'), brand('toyota', 'トヨタ'), brand('huawei', '华为')];
    expect(found(brands, 'ソニーのテレビとトヨタ自動車、ｿﾆｰ。我用华为手机')).toEqual([
      ['sony', 'ソニー'],
      ['toyota', 'トヨタ'],
      ['sony', 'ｿﾆｰ'],
      ['huawei', '华为'],
    ]);
    // Voicing marks are not accents: グーグル is not クークル.
    expect(found([brand('g', 'グーグル')], 'クークル')).toEqual([]);
  });

  it('Korean: particles may follow the name, but it must start a word', () => {
    const brands = [brand('samsung', '삼성')];
    expect(found(brands, '삼성은 좋다. 삼성이 최고. 갤럭시삼성')).toEqual([
      ['samsung', '삼성'],
      ['samsung', '삼성'],
    ]);
    // NFD Hangul input (conjoining jamo) matches the NFC name.
    const nfd = '삼성'.normalize('NFD');
    expect(found(brands, `${nfd} 제품`)).toEqual([['samsung', nfd]]);
  });
});

describe('brand matching: Latin names in every script', () => {
  const brands = [brand('vaultico', 'Vaultico'), brand('keyfort', 'Keyfort'), brand('apple', 'Apple')];

  it('Korean: a Latin name with its particle attached', () => {
    expect(found(brands, 'Vaultico입니다. Keyfort는 비싸고 Keyfort의 가격은 Apple보다 높습니다.')).toEqual([
      ['vaultico', 'Vaultico'],
      ['keyfort', 'Keyfort'],
      ['keyfort', 'Keyfort'],
      ['apple', 'Apple'],
    ]);
    // Hangul before the name without a space (a missing space in the answer) does not join it either.
    expect(found(brands, '추천은Keyfort')).toEqual([['keyfort', 'Keyfort']]);
    // NFD Hangul particle after the name.
    expect(found(brands, `Keyfort${'는'.normalize('NFD')}`)).toEqual([['keyfort', 'Keyfort']]);
  });

  it('Thai, Lao, Khmer and Myanmar: no spaces around the name', () => {
    expect(found(brands, 'ฉันแนะนำKeyfortเพราะปลอดภัย')).toEqual([['keyfort', 'Keyfort']]);
    expect(found(brands, 'ຂ້ອຍແນະນຳVaulticoຫຼາຍ')).toEqual([['vaultico', 'Vaultico']]);
    expect(found(brands, 'ខ្ញុំណែនាំKeyfortណាស់')).toEqual([['keyfort', 'Keyfort']]);
    expect(found(brands, 'ကျွန်တော်Vaulticoကိုသုံးတယ်')).toEqual([['vaultico', 'Vaultico']]);
  });

  it('Japanese and Chinese: next to CJK punctuation and kana', () => {
    expect(found(brands, '「Keyfort」、Keyfort。【Vaultico】はAppleより安い；《Keyfort》')).toEqual([
      ['keyfort', 'Keyfort'],
      ['keyfort', 'Keyfort'],
      ['vaultico', 'Vaultico'],
      ['apple', 'Apple'],
      ['keyfort', 'Keyfort'],
    ]);
    // Full-width Latin letters are folded to ASCII.
    expect(found(brands, '我推荐ＫＥＹＦＯＲＴ。')).toEqual([['keyfort', 'ＫＥＹＦＯＲＴ']]);
  });

  it('Cyrillic and Arabic endings attached to a Latin name', () => {
    expect(found(brands, 'у Keyfortа и с Vaulticoом')).toEqual([
      ['keyfort', 'Keyfort'],
      ['vaultico', 'Vaultico'],
    ]);
    expect(found(brands, 'استخدم Keyfortلأنه آمن')).toEqual([['keyfort', 'Keyfort']]);
  });

  it('still not inside a longer Latin word, nor before a digit', () => {
    const text = 'Pineapple, Applesauce, keyfortress, Vaulticos, Keyfort2, Appleé';
    expect(found(brands, text)).toEqual([]);
    // A Latin letter outside ASCII (ø, é, ł) joins a Latin name as an ASCII one does.
    expect(found(brands, 'Keyfortø Keyfortł Vaulticoé')).toEqual([]);
  });

  it('native-script names inside Korean, Japanese, Chinese and Thai text', () => {
    const native = [
      brand('keyfort', 'Keyfort', ['키포트', 'キーフォート', '钥堡', 'คีย์ฟอร์ต']),
      brand('vaultico', 'Vaultico', ['볼티코']),
    ];
    expect(found(native, '키포트는 좋고 볼티코의 앱은 느리다. 세볼티코')).toEqual([
      ['keyfort', '키포트'],
      ['vaultico', '볼티코'],
    ]);
    expect(found(native, 'おすすめはキーフォートです。我推荐钥堡。ฉันใช้คีย์ฟอร์ตทุกวัน')).toEqual([
      ['keyfort', 'キーフォート'],
      ['keyfort', '钥堡'],
      ['keyfort', 'คีย์ฟอร์ต'],
    ]);
  });
});
