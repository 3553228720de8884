import { afterAll, describe, expect, it } from 'vitest';
import type { BrandDefinition } from '../../../src/shared/analytics/brand-types';
import { compileBrandMatcher, findBrandMentions } from '../../../src/shared/analytics/brand-matcher';
import { listItemLeads } from '../../../src/shared/analytics/discovery-extract';
import { allAttributes, LANGS, listSeparators } from '../../../src/sandbox/engines/positioning/attributes';
import {
  positioningByName,
  recoverSandboxPositioning,
  recoverUnits,
  SHAPES,
  writtenPositioning,
} from '../../../src/sandbox/engines/positioning';
import { TEXTS } from '../../../src/sandbox/engines/positioning/texts';
import { answer, answerCache, DAY, everyBrandDefinition } from '../../support/sandbox-positioning';

// What the synthetic answers write about their brands: every status, tone and shape in every
// language, qualities from the lexicon, determinism, and nothing that would confuse the other
// readers of answers (competitor discovery's list leads, the brand matcher). And the ground
// truth is recoverable: for thousands of generated answers (every engine, language, shape,
// several days and repeats, the XSS corpus) the units read back from the answer's text alone
// equal the units the generator wrote, in its Markdown and in its plain text. Both read the same
// answers, generated once for the file (about 2 s of CPU a generation).

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

const ALL = everyBrandDefinition();
const MATCHER = compileBrandMatcher(ALL);
const DEMO_LIKE: BrandDefinition[] = [
  { id: 'focus', name: 'Veloxa', kind: 'brand', aliases: ['Veloxa Tempo Elite'], domains: ['veloxa.com'] },
  { id: 'c1', name: 'Fleetfoot', kind: 'competitor', aliases: [], domains: [] },
  { id: 'c2', name: 'Pacer & Co', kind: 'competitor', aliases: ['Pacer'], domains: [] },
  { id: 'c3', name: 'Bergmann', kind: 'competitor', aliases: [], domains: [] },
  { id: 'c4', name: 'Läuferwerk', kind: 'competitor', aliases: ['Läuferwerk GmbH'], domains: [] },
  { id: 'never', name: 'Never Named Co', kind: 'competitor', aliases: [], domains: [] },
];

/** Deep equality, compared as JSON first: thousands of answers, the full diff only on a mismatch. */
function same(got: unknown, want: unknown): void {
  if (JSON.stringify(got) !== JSON.stringify(want)) expect(got).toEqual(want);
}

describe('recoverSandboxPositioning', () => {
  it('reads back exactly what the generator wrote, in Markdown and plain text, for every engine, language and shape', () => {
    let answers = 0;
    const seen = new Set<string>();
    for (const a of ANSWERS.every()) {
      answers++;
      for (const format of ['markdown', 'text'] as const) {
        const body = a[format];
        const recovered = recoverUnits(body);
        expect(recovered, `${format} ${a.input.engine} ${a.input.country} ${a.input.prompt}`).not.toBeNull();
        expect(recovered?.lang).toBe(a.locale.lang);
        expect(recovered?.shape).toBe(a.positioning.shape);
        same(recovered?.units, a.positioning[format]);
        for (const u of a.positioning[format])
          if (body.slice(u.start, u.end) !== u.text) expect(u).toBe('at its offsets');
        same(recoverSandboxPositioning(body, DEMO_LIKE), writtenPositioning(a, DEMO_LIKE, format));
      }
      seen.add(`${a.locale.lang}/${a.positioning.shape}`);
      // What the units say is what the plan meant, brand by brand.
      const written = positioningByName(a.positioning.text).map((p) => [p.name, p.status]);
      expect(written).toEqual(a.positioning.plan.map((p) => [p.name, p.status]));
    }
    expect(answers).toBeGreaterThan(5000);
    expect(seen.size).toBe(9 * 5);
  });

  it('names every brand inside a unit, once per unit slot, and nowhere else', () => {
    for (const a of ANSWERS.on(DAY)) {
      for (const format of ['markdown', 'text'] as const) {
        const units = a.positioning[format];
        const labels = units.flatMap((u) =>
          u.slots.map((s) => {
            const at = a[format].indexOf(s.label, u.start);
            return { start: at, end: at + s.label.length };
          }),
        );
        // Citation links after list items name brand sites, as they always did.
        const links = [...a[format].matchAll(/ \(\[[^\]]*\]\([^)]*\)\)/g)].map((m) => ({
          start: m.index,
          end: m.index + m[0].length,
        }));
        for (const m of findBrandMentions(MATCHER, a[format])) {
          const inside = [...labels, ...links].some((l) => m.start >= l.start && m.end <= l.end);
          expect(inside, `${a[format].slice(m.start, m.end)} in ${format} of ${a.input.prompt}`).toBe(true);
        }
      }
    }
  });

  it('gives evidence whose offsets point at its text, for each brand the answer names, and none for others', () => {
    for (const a of ANSWERS.on(DAY + 40)) {
      for (const format of ['markdown', 'text'] as const) {
        const got = recoverSandboxPositioning(a[format], DEMO_LIKE) ?? [];
        expect(got.map((p) => p.brandId)).not.toContain('never');
        for (const p of got) {
          expect(p.judge).toEqual({ id: 'sandbox', version: '1' });
          expect(p.evidence.length).toBeGreaterThan(0);
          for (const e of p.evidence) expect(a[format].slice(e.start, e.end)).toBe(e.text);
          expect(p.sentiment.score).toBeGreaterThanOrEqual(-1);
          expect(p.sentiment.score).toBeLessThanOrEqual(1);
        }
      }
    }
  });

  it('returns null for text the sandbox did not write', () => {
    const real = [
      '',
      'Hello',
      'The best running shoes this year are the Veloxa Tempo Elite and the Fleetfoot Glide 5.\n\n1. **Veloxa Tempo Elite** – lightweight.',
      'Here are some of the best running shoes available in Germany right now, based on recent reviews and local availability:',
    ];
    for (const text of real) expect(recoverSandboxPositioning(text, DEMO_LIKE)).toBeNull();
  });
});
