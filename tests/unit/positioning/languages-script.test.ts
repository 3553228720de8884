import { describe, expect, it } from 'vitest';
import type { BrandDefinition } from '../../../src/shared/analytics';
import { judgePositioning, type BrandPositioning } from '../../../src/shared/positioning';

// How the built-in judge reads Russian, Arabic, Korean and Chinese beyond their word lists:
// Russian case endings, Arabic prefixes glued to words, Korean particles and negation after the
// word, Korean contrast glued to the verb, Chinese negation before the word (and the words that
// only start like one).

const BRANDS: BrandDefinition[] = [
  { id: 'k', name: 'Keyfort', kind: 'brand', aliases: [], domains: [] },
  { id: 'v', name: 'Vaultico', kind: 'competitor', aliases: [], domains: [] },
];

function judge(language: string, text: string): Record<string, BrandPositioning> {
  const out: Record<string, BrandPositioning> = {};
  for (const p of judgePositioning({ text, format: 'text', language, brands: BRANDS })) out[p.brandId] = p;
  return out;
}

const brief = (p: BrandPositioning | undefined): string => `${p?.status} ${p?.sentiment.label}`;

describe('Russian', () => {
  it('reads a verdict in any case ending and a negated one', () => {
    const r = judge('ru', 'Keyfort остаётся лучшим выбором для семьи. Vaultico я бы не брал: частые сбои.');
    expect(brief(r.k)).toBe('top positive');
    expect(brief(r.v)).toBe('cautioned negative');
    const denied = judge('ru', 'Keyfort — не лучший вариант для офиса: медленная синхронизация.');
    expect(denied.k?.status).not.toBe('top');
  });
});

describe('Arabic', () => {
  it('finds words with "and", "the", "with" glued to them', () => {
    const r = judge('ar', 'Keyfort هو الخيار الأفضل للعائلات وبسعر ممتاز. أنصح بتجنب Vaultico فتطبيقه سيئ.');
    expect(brief(r.k)).toBe('top positive');
    expect(r.v?.status).toBe('cautioned');
    expect(r.v?.attributes.map((a) => a.text)).toContain('poor app');
  });

  it('reads a negated top pick as no top pick', () => {
    const r = judge('ar', 'Keyfort ليس الخيار الأفضل للشركات الكبيرة.');
    expect(r.k?.status).not.toBe('top');
  });
});

describe('Korean', () => {
  it('finds brands with particles and reads negation after the word', () => {
    const r = judge('ko', 'Keyfort는 가장 추천하는 제품입니다. Vaultico는 추천하지 않습니다.');
    expect(brief(r.k)).toBe('top positive');
    expect(r.v?.status).toBe('cautioned');
    const notGood = judge('ko', 'Keyfort는 동기화가 좋지 않습니다.');
    expect(notGood.k?.sentiment.label).toBe('negative');
  });

  it('negates only the next word with 못, and cuts a clause at a contrast glued to the verb', () => {
    const heavy = judge('ko', 'Keyfort는 40km밖에 못 가고 프레임도 무겁습니다.');
    expect(heavy.k?.attributes.map((a) => a.text)).toContain('heavy');
    // The complaint after "-지만" outweighs the praise before it.
    const mixed = judge('ko', 'Keyfort는 앱이 편리하지만 보험금 지급이 느리고 불만이 많습니다.');
    expect(mixed.k?.sentiment.label).toBe('negative');
  });
});

describe('Chinese', () => {
  it('reads negation before the word, not in words that only start like one', () => {
    const r = judge('zh', '我不推荐Vaultico，同步经常失败。Keyfort非常好用，是最佳选择。');
    expect(r.v?.status).toBe('cautioned');
    expect(brief(r.k)).toBe('top positive');
    const notBest = judge('zh', 'Keyfort在家里用还不错，但不是企业用户的最佳选择。');
    expect(notBest.k?.status).not.toBe('top');
    const notGood = judge('zh', 'Keyfort的客服不太好。');
    expect(notGood.k?.sentiment.label).not.toBe('positive');
  });
});
