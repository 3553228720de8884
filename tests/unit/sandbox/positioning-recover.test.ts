import { afterAll, describe, expect, it } from 'vitest';
import { compileBrandMatcher, findBrandMentions } from '../../../src/shared/analytics/brand-matcher';
import type { BrandDefinition } from '../../../src/shared/analytics/brand-types';
import {
  positioningByName,
  recoverSandboxPositioning,
  recoverUnits,
  writtenPositioning,
} from '../../../src/sandbox/engines/positioning';
import { answerCache, DAY, everyBrandDefinition } from '../../support/sandbox-positioning';

// The ground truth is recoverable: for thousands of generated answers (every engine, language,
// shape, several days and repeats, the XSS corpus) the units read back from the answer's text
// alone equal the units the generator wrote, in its Markdown and in its plain text.

const ALL = everyBrandDefinition();
const ANSWERS = answerCache();
afterAll(() => ANSWERS.release());
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
