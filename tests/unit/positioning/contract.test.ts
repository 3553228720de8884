import { describe, expect, it } from 'vitest';
import type { BrandDefinition } from '../../../src/shared/analytics/brand-types';
import {
  BUILTIN_JUDGE_REF,
  createBuiltinJudge,
  judgePositioning,
  matcherFor,
} from '../../../src/shared/positioning';
import { loadPositioningSet } from '../../support/positioning-set';

// The contract other parts rely on: evidence offsets point into the text as given, a brand
// the answer does not name gets nothing, the same input always gives the same output, and
// every positioning names its judge and version.

const set = loadPositioningSet();

function brand(id: string, name: string, extra: Partial<BrandDefinition> = {}): BrandDefinition {
  return { id, name, kind: 'competitor', aliases: [], domains: [], ...extra };
}

describe('built-in judge: contract', () => {
  it('evidence offsets are exact on every labelled answer (text.slice(start, end) === evidence.text)', () => {
    let checked = 0;
    for (const a of set) {
      for (const p of judgePositioning({
        text: a.text,
        format: a.format,
        language: a.language,
        brands: a.brands,
      })) {
        expect(p.evidence.length).toBeGreaterThan(0);
        for (const e of p.evidence) {
          expect(a.text.slice(e.start, e.end)).toBe(e.text);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(300);
  });

  it('offsets stay exact with CRLF line ends, accents that fold to other lengths, emoji and katakana', () => {
    const text =
      '## Größte Auswahl 🏆\r\n\r\n1. **Straße Nord** – Testsieger: sehr bequem.\r\n2. **Ölwerk** – Eine gute Wahl 👍, aber teuer.\r\n\r\nガンバは避けた方がいいでしょう。';
    const brands = [
      brand('s', 'Strasse Nord'),
      brand('o', 'Olwerk'),
      brand('g', 'Ganba', { aliases: ['ガンバ'] }),
    ];
    const got = judgePositioning({ text, format: 'markdown', language: 'de', brands });
    expect(got.map((p) => p.brandId)).toEqual(['s', 'o', 'g']);
    for (const p of got) for (const e of p.evidence) expect(text.slice(e.start, e.end)).toBe(e.text);
    expect(got.find((p) => p.brandId === 's')?.status).toBe('top');
  });

  it('no brand the answer does not name, on the whole labelled set (defined-but-absent brands included)', () => {
    let absent = 0;
    for (const a of set) {
      const judged = new Set(
        judgePositioning({ text: a.text, format: a.format, language: a.language, brands: a.brands }).map(
          (p) => p.brandId,
        ),
      );
      for (const b of a.brands) {
        expect(judged.has(b.id)).toBe(a.labels[b.id] !== undefined);
        if (a.labels[b.id] === undefined) absent++;
      }
    }
    expect(absent).toBeGreaterThan(20);
  });

  it('near-miss names are not brands ("Nova" in "Innovacore", "Ovin" in "Ovinette")', () => {
    const text = 'Innovacore Mini is compact. The Ovinette parks anywhere.';
    expect(
      judgePositioning({
        text,
        format: 'text',
        language: 'en',
        brands: [brand('n', 'Nova'), brand('o', 'Ovin')],
      }),
    ).toEqual([]);
  });

  it('a brand only in a citation URL is mentioned, neutral, with the citation as evidence', () => {
    const text =
      'Prices vary a lot.\n\nSources: [Pricing guide](https://www.altamira.com/guide), [Checklist](https://example.org/x)';
    const [p] = judgePositioning({
      text,
      format: 'markdown',
      language: 'en',
      brands: [brand('a', 'Altamira')],
    });
    expect(p).toMatchObject({ brandId: 'a', status: 'mentioned', sentiment: { label: 'neutral', score: 0 } });
    expect(p?.evidence[0]?.text).toContain('altamira.com');
  });

  it('is deterministic: the same input twice gives deep-equal output, and brand order follows the definitions', () => {
    const a = set.find((x) => x.id === 'en-17');
    if (a === undefined) throw new Error('fixture missing');
    const input = { text: a.text, format: a.format, language: a.language, brands: a.brands };
    const first = judgePositioning(input);
    expect(judgePositioning(input)).toEqual(first);
    expect(createBuiltinJudge(a.brands).judge(input)).toEqual(first);
    const order = a.brands.map((b) => b.id).filter((id) => first.some((p) => p.brandId === id));
    expect(first.map((p) => p.brandId)).toEqual(order);
  });

  it('every positioning carries the judge reference; scores stay within -1..1', () => {
    for (const a of set.slice(0, 40)) {
      for (const p of judgePositioning({
        text: a.text,
        format: a.format,
        language: a.language,
        brands: a.brands,
      })) {
        expect(p.judge).toEqual({ id: 'builtin', version: BUILTIN_JUDGE_REF.version });
        expect(Math.abs(p.sentiment.score)).toBeLessThanOrEqual(1);
      }
    }
  });

  it('compiles a brand set once: the same set (or an equal copy) reuses the matcher', () => {
    const brands = [brand('a', 'Altamira'), brand('b', 'Brisko')];
    const m = matcherFor(brands);
    expect(matcherFor(brands)).toBe(m);
    expect(matcherFor(brands.map((b) => ({ ...b })))).toBe(m);
    expect(matcherFor([brand('a', 'Altamira', { aliases: ['Alta'] })])).not.toBe(m);
  });

  it('empty text or no brands: nothing', () => {
    expect(judgePositioning({ text: '', format: 'text', brands: [brand('a', 'Altamira')] })).toEqual([]);
    expect(judgePositioning({ text: 'Altamira is great.', format: 'text', brands: [] })).toEqual([]);
  });
});
