import { describe, expect, it } from 'vitest';
import {
  compileBrandMatcher,
  findBrandMentions,
  mentionSource,
  mentionText,
  rankAt,
  resultBrandVisibility,
} from '../../../src/shared/analytics';
import { normalizeResult } from '../../../src/shared/api/normalize';

// What the Visibility index reads for brand mentions: the answer's text, or for a search result
// without text, its organic and news results' titles and snippets in rank order.

const organic = (position: number, title: string, snippet?: string) => ({
  position,
  title,
  link: `https://site${position}.example/page`,
  ...(snippet === undefined ? {} : { snippet }),
});

describe('mentionText', () => {
  it('reads a web search without AI overview as its results, one a line, in rank order', () => {
    // Given out of order: the engine's position decides.
    const result = normalizeResult('search', {
      organicResults: [
        organic(3, 'Veloxa Trail 3 review', 'We ran 300 km in them.'),
        organic(1, 'Best trail shoes 2026', 'Stridon and Veloxa lead our picks.'),
        organic(2, 'Trail shoes compared'),
      ],
    });
    expect(result.text).toBe('');
    expect(mentionText(result)).toBe(
      [
        'Best trail shoes 2026 — Stridon and Veloxa lead our picks.',
        'Trail shoes compared',
        'Veloxa Trail 3 review — We ran 300 km in them.',
      ].join('\n'),
    );
    const { lines } = mentionSource(result);
    expect(lines?.map((l) => l.rank)).toEqual([1, 2, 3]);
  });

  it('reads a news search by its news results', () => {
    const result = normalizeResult('search-news', {
      newsResults: [
        { position: 1, title: 'Stridon launches a new trail shoe', link: 'https://news.example/1' },
        { position: 2, title: 'Prices fall', snippet: 'Veloxa cuts prices', link: 'https://news.example/2' },
      ],
    });
    expect(mentionText(result)).toBe('Stridon launches a new trail shoe\nPrices fall — Veloxa cuts prices');
  });

  it('uses the AI overview text when the search result has one', () => {
    const result = normalizeResult('search', {
      aioverview: { text: 'Veloxa is the pick for most runners.' },
      organicResults: [organic(1, 'Stridon review')],
    });
    expect(mentionSource(result)).toEqual({ text: 'Veloxa is the pick for most runners.', lines: null });
  });

  it("leaves an answer engine's text as it is", () => {
    const result = normalizeResult('assistant-b', {
      text: 'Try Stridon first.',
      sources: [{ url: 'https://veloxa.example/trail', title: 'Veloxa Trail' }],
    });
    expect(mentionSource(result)).toEqual({ text: 'Try Stridon first.', lines: null });
  });

  it('is empty when the result lists nothing with a title or snippet', () => {
    expect(mentionSource(normalizeResult('search', {}))).toEqual({ text: '', lines: [] });
    expect(
      mentionText(
        normalizeResult('search', { organicResults: [{ position: 1, link: 'https://a.example' }] }),
      ),
    ).toBe('');
  });

  it('keeps every result on one line and puts organic before news at an equal rank', () => {
    const result = normalizeResult('search', {
      newsResults: [{ position: 1, title: 'News\nflash', link: 'https://n.example/1' }],
      organicResults: [organic(1, 'Top\r\nresult', '  spread\tout  ')],
    });
    expect(mentionText(result)).toBe('Top result — spread out\nNews flash');
    expect(mentionSource(result).lines).toEqual([
      { rank: 1, start: 0 },
      { rank: 1, start: 'Top result — spread out\n'.length },
    ]);
  });
});

describe('rankAt', () => {
  it("gives the rank of the line a brand's first mention falls in", () => {
    const result = normalizeResult('search', {
      organicResults: [
        organic(1, 'Best trail shoes 2026', 'Stridon leads our picks.'),
        organic(2, 'Trail shoes compared'),
        organic(4, 'Veloxa Trail 3 review'),
      ],
    });
    const { text, lines } = mentionSource(result);
    const matcher = compileBrandMatcher([
      { id: 'v', name: 'Veloxa', kind: 'brand', aliases: [], domains: [] },
      { id: 's', name: 'Stridon', kind: 'competitor', aliases: [], domains: [] },
    ]);
    const firsts = new Map<string, number>();
    for (const m of findBrandMentions(matcher, text))
      if (!firsts.has(m.brandId)) firsts.set(m.brandId, m.start);
    expect(rankAt(lines ?? [], firsts.get('s') as number)).toBe(1);
    expect(rankAt(lines ?? [], firsts.get('v') as number)).toBe(4);
    expect(rankAt([], 0)).toBeNull();
  });
});

describe('resultBrandVisibility', () => {
  const matcher = compileBrandMatcher([
    { id: 'v', name: 'Veloxa', kind: 'brand', aliases: [], domains: ['veloxa.example'] },
    { id: 's', name: 'Stridon', kind: 'competitor', aliases: [], domains: [] },
  ]);
  const brief = (r: Parameters<typeof resultBrandVisibility>[1]) =>
    resultBrandVisibility(matcher, r).brands.map((b) => [
      b.brandId,
      b.mentioned,
      b.firstRank,
      b.citationCount,
    ]);

  it('names brands of a search result without text at the rank of the first result naming them', () => {
    const result = normalizeResult('search', {
      organicResults: [
        organic(1, 'Best trail shoes 2026', 'Stridon leads our picks.'),
        { position: 2, title: 'Trail 3 | Official store', link: 'https://veloxa.example/trail' },
        organic(5, 'Veloxa Trail 3 review', 'Veloxa against Stridon.'),
      ],
    });
    expect(brief(result)).toEqual([
      ['v', true, 5, 1],
      ['s', true, 1, 0],
    ]);
  });

  it('is brandVisibility itself for an answer with text', () => {
    const result = normalizeResult('assistant-b', { text: 'Stridon, then Veloxa.' });
    expect(brief(result)).toEqual([
      ['v', true, 2, 0],
      ['s', true, 1, 0],
    ]);
  });
});
