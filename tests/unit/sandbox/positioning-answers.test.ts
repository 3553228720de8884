import { afterAll, describe, expect, it } from 'vitest';
import { compileBrandMatcher, findBrandMentions } from '../../../src/shared/analytics/brand-matcher';
import { listItemLeads } from '../../../src/shared/analytics/discovery-extract';
import { allAttributes, LANGS, listSeparators } from '../../../src/sandbox/engines/positioning/attributes';
import { positioningByName, SHAPES } from '../../../src/sandbox/engines/positioning';
import { TEXTS } from '../../../src/sandbox/engines/positioning/texts';
import { answer, answerCache, DAY, everyBrandDefinition } from '../../support/sandbox-positioning';

// What the synthetic answers write about their brands: every status, tone and shape in every
// language, qualities from the lexicon, determinism, and nothing that would confuse the other
// readers of answers (competitor discovery's list leads, the brand matcher).

const ANSWERS = answerCache();
afterAll(() => ANSWERS.release());

describe('the positioning the sandbox writes', () => {
  it('puts every status and every tone in every language, and every shape in every language', () => {
    const statuses = new Map<string, Set<string>>();
    const tones = new Map<string, Set<string>>();
    const shapes = new Map<string, Set<string>>();
    const add = (m: Map<string, Set<string>>, k: string, v: string): void => {
      m.set(k, (m.get(k) ?? new Set()).add(v));
    };
    for (const a of ANSWERS.every()) {
      add(shapes, a.locale.lang, a.positioning.shape);
      for (const p of positioningByName(a.positioning.text)) {
        add(statuses, a.locale.lang, p.status);
        add(statuses, `${a.locale.lang}/${a.positioning.shape}`, p.status);
        add(tones, a.locale.lang, p.sentiment.label);
      }
    }
    for (const lang of LANGS) {
      expect([...(statuses.get(lang) ?? [])].sort(), lang).toEqual([
        'cautioned',
        'mentioned',
        'recommended',
        'top',
      ]);
      expect([...(tones.get(lang) ?? [])].sort(), lang).toEqual(['negative', 'neutral', 'positive']);
      expect([...(shapes.get(lang) ?? [])].sort(), lang).toEqual([...SHAPES].sort());
      for (const shape of SHAPES)
        expect(statuses.get(`${lang}/${shape}`)?.size, `${lang}/${shape}`).toBeGreaterThanOrEqual(3);
    }
  });

  it('is byte-identical for the same inputs; a repeat keeps every status and may change a second quality', () => {
    let differing = 0;
    for (const prompt of ['best running shoes for beginners', 'best laptops 2026', 'vpn vs proxy']) {
      for (const country of ['US', 'DE', 'JP', 'BR']) {
        const input = { engine: 'assistant-a', prompt, country };
        const one = answer(input);
        const again = answer(input);
        expect(again.markdown).toBe(one.markdown);
        expect(again.text).toBe(one.text);
        expect(again.positioning).toEqual(one.positioning);
        // A repeat may trade the last brand for the next one (drift.ts); the others keep their
        // status, first quality and drawbacks, and may be given another second quality.
        const repeat = answer({ ...input, repeat: 1 });
        for (const p of repeat.positioning.plan) {
          const before = one.positioning.plan.find((q) => q.name === p.name);
          if (!before) continue;
          expect(p.status).toBe(before.status);
          expect(p.positives[0]).toBe(before.positives[0]);
          expect(p.negatives).toEqual(before.negatives);
          if (p.positives[1] !== before.positives[1]) differing++;
        }
      }
    }
    expect(differing).toBeGreaterThan(0);
  });

  it('lists the names of brands only, as competitor discovery reads list items', () => {
    const names = new Set(everyBrandDefinition().map((b) => b.name));
    for (const a of ANSWERS.on(DAY)) {
      const labels = new Set(a.positioning.plan.flatMap((p) => [p.label, p.short]));
      for (const body of [a.markdown, a.text]) {
        for (const lead of listItemLeads(body)) {
          if (a.xss) continue;
          expect(
            labels.has(lead) || names.has(lead),
            `${lead} (${a.locale.lang} ${a.positioning.shape})`,
          ).toBe(true);
        }
      }
    }
  });

  it('writes qualities whose phrases can be read back: no separator, bracket or brand name in them', () => {
    const matcher = compileBrandMatcher(everyBrandDefinition());
    for (const lang of LANGS) {
      const seen = new Map<string, string>();
      for (const a of allAttributes()) {
        const phrase = a.phrases[lang];
        expect(phrase.trim(), `${lang} ${a.key}`).toBe(phrase);
        expect(phrase.length).toBeGreaterThan(0);
        for (const sep of [
          ...listSeparators(lang),
          '(',
          ')',
          '（',
          '）',
          ':',
          '：',
          ';',
          '|',
          '.',
          '。',
          '—',
          '**',
        ])
          expect(phrase.includes(sep), `${lang} "${phrase}" has "${sep}"`).toBe(false);
        expect(findBrandMentions(matcher, phrase), `${lang} "${phrase}"`).toEqual([]);
        const key = seen.get(phrase);
        expect(key === undefined || key === a.key, `${lang} "${phrase}" is ${key} and ${a.key}`).toBe(true);
        seen.set(phrase, a.key);
      }
      // Nor in the how-to steps and fixed lines, which stand next to brand names.
      const fixed = [...TEXTS[lang].steps, TEXTS[lang].otherOptions, TEXTS[lang].tableHeader];
      for (const line of [...fixed, ...Object.values(TEXTS[lang].units)])
        expect(findBrandMentions(matcher, line.replaceAll(/\{[baxs]\}/g, '')), line).toEqual([]);
    }
  });
});
