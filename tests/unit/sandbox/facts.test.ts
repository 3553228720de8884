import { describe, expect, it } from 'vitest';
import { ENGINE_NAMES } from '../../../src/shared/api/engines';
import { buildAnswer, type Answer } from '../../../src/sandbox/engines/answer';
import {
  brandInPrompt,
  PRICE_CYCLE_DAYS,
  priceOn,
  sandboxFactSheet,
  STALE_DAYS,
  WRONG_YEAR_BY,
  wrongYearEngine,
} from '../../../src/sandbox';

// The sandbox's brand facts: answers to a prompt about a brand state facts in the answer's
// language, true on the answer's day except for three scripted errors, each only where it is
// scripted; the truth reads back as the brand's fact sheet.

const DAY = 20_500;
const COUNTRIES = ['US', 'DE', 'FR', 'ES', 'IT', 'BR', 'JP', 'RU', 'SA'];
const LOOP_COUNTRIES = ['US', 'DE', 'JP'];
const PROMPTS = ['is Veloxa worth it', 'Pipewise pricing', 'Novabook review', 'Tunnelguard vs Cloakly'];

function answer(engine: string, prompt: string, country: string, day: number, repeat = 0): Answer {
  return buildAnswer({ engine, prompt, country, day, repeat, optionsKey: '{}', seed: 1 });
}

function* everyAnswer(): Generator<Answer> {
  for (const engine of ENGINE_NAMES)
    for (const prompt of PROMPTS)
      for (const country of LOOP_COUNTRIES)
        for (let day = DAY; day < DAY + 2 * PRICE_CYCLE_DAYS; day += 5)
          yield answer(engine, prompt, country, day);
}

describe('sandbox brand facts', () => {
  it('states facts only about the brand a prompt names, at their offsets in text and Markdown', () => {
    expect(answer('chatgpt', 'best running shoes', 'US', DAY).facts).toEqual([]);
    expect(brandInPrompt('best running shoes')).toBeNull();
    expect(brandInPrompt('Veloxas')).toBeNull();
    expect(brandInPrompt('is veloxa worth it?')?.brand).toBe('Veloxa');
    for (const country of COUNTRIES) {
      const a = answer('chatgpt', 'is Veloxa worth it', country, DAY);
      expect(a.facts.length).toBeGreaterThanOrEqual(1);
      expect(a.facts[0]?.key).toBe('founded');
      for (const f of a.facts) {
        expect(f.brand).toBe('Veloxa');
        expect(a.text.slice(f.text.start, f.text.end)).toBe(f.sentence);
        expect(a.markdown.slice(f.markdown.start, f.markdown.end)).toBe(f.sentence);
        expect(f.sentence).toContain('Veloxa');
      }
    }
    expect(answer('chatgpt', 'is Veloxa worth it', 'DE', DAY).facts[0]?.sentence).toMatch(/gegründet/);
    expect(answer('chatgpt', 'is Veloxa worth it', 'JP', DAY).facts[0]?.sentence).toMatch(/設立/);
  });

  it('errs only in the three scripted ways, and is right most of the time', () => {
    let claims = 0;
    const errors = { 'stale-price': 0, 'wrong-year': 0, 'denied-feature': 0 };
    for (const a of everyAnswer())
      for (const f of a.facts) {
        claims += 1;
        const named = brandInPrompt(a.input.prompt);
        expect(named?.brand).toBe(f.brand);
        if (!named) continue;
        const sheet = sandboxFactSheet(named.brand, named.category, a.input.day);
        expect(sheet.find((s) => s.key === f.key)?.value).toEqual(f.truth);
        expect(f.verdict).toBe(f.error === null ? 'supported' : 'contradicted');
        if (f.error === null) expect(f.stated).toEqual(f.truth);
        else errors[f.error] += 1;
        if (f.error === 'wrong-year') {
          expect(wrongYearEngine(f.brand, a.input.engine)).toBe(true);
          expect(f.stated).toBe((f.truth as number) + WRONG_YEAR_BY);
        }
        if (f.key === 'founded' && f.error === null)
          expect(wrongYearEngine(f.brand, a.input.engine)).toBe(false);
        if (f.error === 'denied-feature') expect([f.truth, f.stated]).toEqual([true, false]);
        if (f.error === 'stale-price') {
          const earlier = priceOn(f.brand, named.category, a.input.day - STALE_DAYS);
          const changedSince = [...Array(STALE_DAYS).keys()].some(
            (d) =>
              priceOn(f.brand, named.category, a.input.day - d - 1).amount ===
              (f.stated as { amount: number }).amount,
          );
          expect(changedSince || earlier.amount === (f.stated as { amount: number }).amount).toBe(true);
        }
        if (f.key === 'headquarters') expect(f.verdict).toBe('supported');
      }
    const wrong = errors['stale-price'] + errors['wrong-year'] + errors['denied-feature'];
    expect(claims).toBeGreaterThan(1000);
    expect(errors['stale-price']).toBeGreaterThan(0);
    expect(errors['wrong-year']).toBeGreaterThan(0);
    expect(errors['denied-feature']).toBeGreaterThan(0);
    expect(wrong / claims).toBeLessThan(0.3);
  });

  it('keeps a price on its cycle: the list price, a sale, the list price again', () => {
    const named = brandInPrompt('Pipewise pricing');
    expect(named).not.toBeNull();
    if (!named) return;
    const prices = new Set<number>();
    for (let day = DAY; day < DAY + 3 * PRICE_CYCLE_DAYS; day += 1)
      prices.add(priceOn(named.brand, named.category, day).amount);
    expect(prices.size).toBe(2);
    expect(priceOn(named.brand, named.category, DAY).period).toBe('month');
  });
});
