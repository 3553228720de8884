import { describe, expect, it } from 'vitest';
import { compileBrandMatcher, findBrandMentions } from '../../../src/shared/analytics/brand-matcher';
import type { BrandDefinition } from '../../../src/shared/analytics/brand-types';
import { builtinVerdict, guessLanguage } from '../../../src/shared/positioning';
import { statusesOf, type StatusCase } from '../../support/positioning-cases';

// Dutch, Polish, Swedish and Turkish: each status in each language, the rules these languages
// need (Turkish negation written after the word, "değil"; Turkish case suffixes after a brand's
// apostrophe, "Vaultico'yu"; Polish and Turkish sentences that leave the subject out), and the
// language told from the text alone. Written for this test, apart from the labelled set.

function brand(id: string, name: string): BrandDefinition {
  return { id, name, kind: 'competitor', aliases: [], domains: [] };
}

const A = brand('a', 'Altamira');
const B = brand('b', 'Brisko');
const C = brand('c', 'Corvane');

type Case = Omit<StatusCase, 'brands'>;

// prettier-ignore
const CASES: Case[] = [
  { name: 'nl ranked list and warning', language: 'nl',
    text: '## Beste wandelschoenen\n\n1. **Altamira Peak** – Onze topkeuze: waterdicht en comfortabel.\n2. **Brisko Trail** – Een goede keuze voor brede voeten.\n\nCorvane raad ik af: de zolen laten na een paar maanden los.',
    expect: { a: ['top', 'positive'], b: ['recommended', 'positive'], c: ['cautioned', 'negative'] } },
  { name: 'nl negated recommendation and news', language: 'nl',
    text: 'Brisko opende maandag een nieuwe fabriek in Tilburg. De Altamira Peak is niet aan te raden voor het hooggebergte: hij is zwaar en glijdt weg op natte rotsen.',
    expect: { a: ['cautioned', 'negative'], b: ['mentioned', 'neutral'] } },
  { name: 'pl ranked list and warning', language: 'pl',
    text: '## Najlepsze buty trekkingowe\n\n1. **Altamira Peak** – Nasz faworyt: wodoodporne i wygodne.\n2. **Brisko Trail** – Dobry wybór dla osób z szeroką stopą.\n\nCorvane nie polecam: podeszwa odkleja się po kilku miesiącach.',
    expect: { a: ['top', 'positive'], b: ['recommended', 'positive'], c: ['cautioned', 'negative'] } },
  { name: 'pl sentence without a subject goes on about the brand before', language: 'pl',
    text: 'Altamira Peak ma świetną przyczepność i jest bardzo wygodny. Do lekkich wędrówek to dobry wybór.',
    expect: { a: ['recommended', 'positive'] } },
  { name: 'sv ranked list and warning', language: 'sv',
    text: '## Bästa vandringskängorna\n\n1. **Altamira Peak** – Vårt förstaval: vattentäta och sköna.\n2. **Brisko Trail** – Ett bra val för breda fötter.\n\nCorvane avråder jag från: sulan lossnar efter några månader.',
    expect: { a: ['top', 'positive'], b: ['recommended', 'positive'], c: ['cautioned', 'negative'] } },
  { name: 'sv negated top pick', language: 'sv',
    text: 'Altamira Peak är ingen dålig känga, men den är inte det bästa valet för fjällen. Brisko Trail rekommenderar jag gärna.',
    expect: { a: ['mentioned', 'neutral'], b: ['recommended', 'positive'] } },
  { name: 'tr ranked list and warning, suffixes after the apostrophe', language: 'tr',
    text: "## En iyi yürüyüş botları\n\n1. **Altamira Peak** – Bir numaralı tercihimiz: su geçirmez ve rahat.\n2. **Brisko Trail** – Geniş ayaklar için iyi bir seçim.\n\nCorvane'dan uzak durun: tabanı birkaç ayda ayrılıyor.",
    expect: { a: ['top', 'positive'], b: ['recommended', 'positive'], c: ['cautioned', 'negative'] } },
  { name: 'tr recommendation of a suffixed name', language: 'tr',
    text: "Yağmurda sık yürüyorsanız Altamira'yı tavsiye ederim. Brisko'nun fiyatı daha düşük.",
    expect: { a: ['recommended', 'positive'], b: ['mentioned', 'neutral'] } },
  { name: 'tr how-to step: "seçin" in a menu path is no recommendation', language: 'tr',
    text: "Ürünleri taşımak için:\n\n1. Altamira uygulamasında **Ayarlar → Dışa aktar**'ı seçin ve listeyi indirin.\n2. Brisko'da **Ürünler → İçe aktar** menüsünü açın ve bu dosyayı yükleyin.",
    expect: { a: ['mentioned', 'neutral'], b: ['mentioned', 'neutral'] } },
  { name: 'pl how-to step', language: 'pl',
    text: '1. W Altamira otwórz **Ustawienia → Eksport** i pobierz plik.\n2. W Brisko wybierz **Projekty → Importuj**.',
    expect: { a: ['mentioned', 'neutral'], b: ['mentioned', 'neutral'] } },
  { name: 'tr negation after the word: not the best choice is no top pick', language: 'tr',
    text: "Altamira Peak kötü bir bot değil, ama kış için en iyi seçim değil. Kış için Brisko'yu öneririm.",
    expect: { a: ['mentioned', 'neutral'], b: ['recommended', 'positive'] } },
];

describe('built-in judge in Dutch, Polish, Swedish and Turkish', () => {
  for (const c of CASES) {
    it(c.name, () => {
      expect(statusesOf({ ...c, brands: [A, B, C] })).toEqual(c.expect);
    });
  }

  it('reads each language without a hint, and judges it (no "not judged" note)', () => {
    for (const c of CASES) {
      expect(guessLanguage(c.text), c.name).toBe(c.language);
      const verdict = builtinVerdict({ text: c.text, format: 'markdown', brands: [A, B, C] });
      expect(Array.isArray(verdict), c.name).toBe(true);
    }
  });

  it('finds a brand with a Turkish case suffix after its apostrophe, with the name alone as the mention', () => {
    const matcher = compileBrandMatcher([brand('v', 'Vaultico'), brand('k', 'Keyfort')]);
    const text = "Vaultico'yu seçin; Keyfort'un uygulaması ise Keyfort’tan daha yavaş.";
    const found = findBrandMentions(matcher, text).map((m) => text.slice(m.start, m.end));
    expect(found).toEqual(['Vaultico', 'Keyfort', 'Keyfort']);
  });
});

describe('languages close to the four the judge reads', () => {
  it.each([
    [
      'da',
      'Altamira er det bedste valg for familier, men den er ikke billig. Brisko er også en mulighed, og den har mange gode funktioner.',
    ],
    [
      'no',
      'Altamira er det beste valget for familier, men den er ikke billig. Brisko er også et alternativ, og den er mye lettere.',
    ],
  ])('%s is not read as Swedish: not judged', (lang, text) => {
    expect(guessLanguage(text)).toBe(lang);
    const verdict = builtinVerdict({ text, format: 'text', brands: [A, B] });
    expect(verdict).toEqual({
      notScored: expect.stringContaining(`(${lang}), a language the built-in judge does not read`),
    });
  });
});
