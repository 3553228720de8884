import { describe, expect, it } from 'vitest';
import type { BrandDefinition } from '../../../src/shared/analytics/brand-types';
import { judgePositioning, type BrandAttribute } from '../../../src/shared/positioning';

// Qualities come out under one canonical English key whatever the language, with the words
// as written kept beside it; negation flips them; aspects pair with opinions; pros/cons cells
// and items give their own text when no known quality is in them.

const A: BrandDefinition = { id: 'a', name: 'Altamira', kind: 'brand', aliases: ['アルタミラ'], domains: [] };

function attributesOf(text: string, language: string): BrandAttribute[] {
  const [p] = judgePositioning({ text, format: 'markdown', language, brands: [A] });
  if (p === undefined) throw new Error('brand not judged');
  return p.attributes;
}

describe('built-in judge: attributes', () => {
  it.each([
    ['en', 'Altamira boots are expensive.'],
    ['de', 'Die Altamira-Stiefel sind ziemlich teuer.'],
    ['fr', 'Les chaussures Altamira sont chères.'],
    ['es', 'Las botas Altamira son caras.'],
    ['it', 'Gli scarponi Altamira sono cari.'],
    ['pt', 'As botas Altamira são caras.'],
    ['ja', 'アルタミラの登山靴は価格が高めです。'],
  ])('%s: the word for "expensive" is the key expensive, negative, with the phrase kept', (lang, text) => {
    const attrs = attributesOf(text, lang);
    const expensive = attrs.find((a) => a.text === 'expensive');
    expect(expensive?.polarity).toBe('negative');
    if (lang !== 'en') expect(expensive?.phrase).toBeTruthy();
  });

  it.each([
    ['en', 'Altamira is lightweight and breathable.'],
    ['de', 'Altamira ist leicht und atmungsaktiv.'],
    ['fr', 'La Altamira est légère et respirante.'],
    ['ja', 'アルタミラは軽量で通気性が良いです。'],
  ])('%s: lightweight and breathable', (lang, text) => {
    const keys = attributesOf(text, lang).map((a) => [a.text, a.polarity]);
    expect(keys).toEqual(
      expect.arrayContaining([
        ['lightweight', 'positive'],
        ['breathable', 'positive'],
      ]),
    );
  });

  it('a negated quality keeps its key with "not" and the other polarity', () => {
    expect(attributesOf('Altamira ist nicht atmungsaktiv.', 'de')).toContainEqual(
      expect.objectContaining({ text: 'not breathable', polarity: 'negative' }),
    );
    expect(attributesOf('Altamira boots are not waterproof.', 'en')).toContainEqual(
      expect.objectContaining({ text: 'not waterproof', polarity: 'negative' }),
    );
  });

  it('an aspect pairs with the nearest opinion ("support is slow" is slow support, not also slow)', () => {
    const keys = attributesOf('Altamira has a great app, but the support is slow.', 'en').map((a) => a.text);
    expect(keys).toContain('good app');
    expect(keys).toContain('slow support');
    expect(keys).not.toContain('slow');
    expect(attributesOf('Altamira: der Akku hält zwei Tage durch.', 'de').map((a) => a.text)).toContain(
      'long battery life',
    );
  });

  it('pros/cons lists: known qualities by key, other items by their own text under the list polarity', () => {
    const text =
      '**Altamira**\n\nPros:\n- Waterproof\n- Grippy outsole\n\nCons:\n- Expensive\n- Fiddly lacing system\n';
    const attrs = attributesOf(text, 'en');
    expect(attrs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ text: 'waterproof', polarity: 'positive' }),
        expect.objectContaining({ text: 'grippy outsole', polarity: 'positive' }),
        expect.objectContaining({ text: 'expensive', polarity: 'negative' }),
        expect.objectContaining({ text: 'fiddly lacing system', polarity: 'negative' }),
      ]),
    );
  });

  it('table cells take the polarity of their column header (Vorteile / Nachteile)', () => {
    const text = '| Marke | Vorteile | Nachteile |\n|---|---|---|\n| Altamira | Wasserdicht | Schwer |\n';
    const attrs = attributesOf(text, 'de').map((a) => [a.text, a.polarity]);
    expect(attrs).toEqual([
      ['waterproof', 'positive'],
      ['heavy', 'negative'],
    ]);
  });

  // Comparison tables fill a cell that has nothing to say with a dash or "none": no quality.
  it.each([
    ['en', '| Brand | Pros | Cons |\n|---|---|---|\n| Altamira | Waterproof | — |\n', 'waterproof'],
    ['en', '| Brand | Pros | Cons |\n|---|---|---|\n| Altamira | Waterproof | n/a |\n', 'waterproof'],
    ['de', '| Marke | Vorteile | Nachteile |\n|---|---|---|\n| Altamira | Wasserdicht | – |\n', 'waterproof'],
    [
      'de',
      '| Marke | Vorteile | Nachteile |\n|---|---|---|\n| Altamira | Wasserdicht | keine |\n',
      'waterproof',
    ],
    [
      'fr',
      '| Marque | Points forts | Points faibles |\n|---|---|---|\n| Altamira | Imperméable | Aucun |\n',
      'waterproof',
    ],
    [
      'es',
      '| Marca | Ventajas | Desventajas |\n|---|---|---|\n| Altamira | Impermeable | Ninguna. |\n',
      'waterproof',
    ],
    ['it', '| Marca | Pregi | Difetti |\n|---|---|---|\n| Altamira | Impermeabile | - |\n', 'waterproof'],
    [
      'pt',
      '| Marca | Vantagens | Desvantagens |\n|---|---|---|\n| Altamira | Impermeável | Nenhuma |\n',
      'waterproof',
    ],
    [
      'ja',
      '| ブランド | メリット | デメリット |\n|---|---|---|\n| アルタミラ | 防水 | 特になし |\n',
      'waterproof',
    ],
  ])('%s: an empty cell ("—", "none") in the Cons column is no quality', (lang, text, pro) => {
    const attrs = attributesOf(text, lang);
    expect(attrs.map((a) => a.polarity)).not.toContain('negative');
    expect(attrs.map((a) => a.text)).toContain(pro);
  });

  it('each key once per brand', () => {
    const keys = attributesOf('Altamira is cheap. Really cheap, and affordable for students.', 'en').map(
      (a) => a.text,
    );
    expect(keys.filter((k) => k === 'affordable')).toHaveLength(1);
  });
});
