import { describe, expect, it } from 'vitest';
import {
  buildSourceMatrix,
  compareLists,
  compareSources,
  jaccard,
  normalizeUrl,
  rankBiasedOverlap,
  rankedSources,
  registrableDomain,
  sourceSet,
} from '../../../src/shared/analytics';
import { src, srcs } from './fixtures';

describe('normalizeUrl', () => {
  it('lower-cases the host, drops fragment, trailing slash and tracking parameters', () => {
    expect(normalizeUrl('https://WWW.Example.com/a/?utm_source=x&id=3&gclid=9#frag')).toBe(
      'https://www.example.com/a?id=3',
    );
    expect(normalizeUrl('https://example.com/')).toBe('https://example.com');
    expect(normalizeUrl(' https://news.bbc.co.uk/a?fbclid=1&srsltid=2 ')).toBe('https://news.bbc.co.uk/a');
    expect(normalizeUrl('http://example.com:80/x?utm_medium=a')).toBe('http://example.com/x');
    expect(normalizeUrl('https://example.com/Path/Case')).toBe('https://example.com/Path/Case');
  });

  it('returns a non-URL trimmed, unchanged', () => {
    expect(normalizeUrl('  not a url ')).toBe('not a url');
    expect(normalizeUrl('')).toBe('');
  });
});

describe('registrableDomain', () => {
  it('uses the public suffix list', () => {
    expect(registrableDomain('https://m.shop.example.co.uk/a')).toBe('example.co.uk');
    expect(registrableDomain('https://www.apple.com')).toBe('apple.com');
    expect(registrableDomain('support.apple.com')).toBe('apple.com');
  });

  it('handles IPs, localhost and invalid input', () => {
    expect(registrableDomain('http://127.0.0.1:8080/x')).toBe('127.0.0.1');
    expect(registrableDomain('http://[::1]/x')).toBe('::1');
    expect(registrableDomain('http://localhost:3000/')).toBe('localhost');
    expect(registrableDomain('not a url')).toBeNull();
    expect(registrableDomain('')).toBeNull();
  });
});

describe('source sets', () => {
  it('dedupes normalized URLs at their first rank and lists domains in order', () => {
    const sources = [
      src('https://www.a.com/x?utm_source=1', 1),
      src('https://b.org/y', 2),
      src('https://www.a.com/x#part', 1, 'citation-pill'),
      src('https://blog.a.com/z', 3),
    ];
    expect(rankedSources(sources).map((s) => [s.rank, s.url, s.domain])).toEqual([
      [1, 'https://www.a.com/x', 'a.com'],
      [2, 'https://b.org/y', 'b.org'],
      [3, 'https://blog.a.com/z', 'a.com'],
    ]);
    expect(sourceSet(sources)).toEqual({
      urls: ['https://www.a.com/x', 'https://b.org/y', 'https://blog.a.com/z'],
      domains: ['a.com', 'b.org'],
    });
    expect(sourceSet(sources, { kinds: ['citation-pill'] }).urls).toEqual(['https://www.a.com/x']);
  });
});

describe('jaccard and rank-biased overlap', () => {
  it('computes Jaccard', () => {
    expect(jaccard(['a', 'b', 'c'], ['b', 'c', 'd'])).toBe(0.5); // 2 shared / 4 in union
    expect(jaccard([], [])).toBe(1);
    expect(jaccard(['a'], [])).toBe(0);
  });

  it('computes RBO_ext for even lists', () => {
    // [a,b] vs [b,a], p = .5: X1 = 0, X2 = 2. (1−p)/p = 1.
    // Σ = 0·.5 + (2/2)·.25 = .25; + (X2/2)·p² = .25 → .5
    expect(rankBiasedOverlap(['a', 'b'], ['b', 'a'], 0.5)).toBeCloseTo(0.5, 12);
    // [x,y,z] vs [x,z,y], p = .5: X = 1, 1, 3. Σ = .5 + .125 + .125 = .75; + 1·.125 → .875
    expect(rankBiasedOverlap(['x', 'y', 'z'], ['x', 'z', 'y'], 0.5)).toBeCloseTo(0.875, 12);
    expect(rankBiasedOverlap(['a', 'b', 'c'], ['a', 'b', 'c'])).toBeCloseTo(1, 12);
    expect(rankBiasedOverlap(['a', 'b'], ['c', 'd'])).toBe(0);
  });

  it('computes RBO_ext for uneven lists', () => {
    // S = [a], L = [a,b], p = .5: s = 1, l = 2, X1 = 1, X2 = 1, Xs = 1.
    // Σ1 = 1·.5 + (1/2)·.25 = .625; Σ2 (d = 2) = 1·(2−1)/(1·2)·.25 = .125; → .75
    // tail ((X2 − Xs)/2 + Xs/1)·p² = .25 → 1 (a prefix of the other list)
    expect(rankBiasedOverlap(['a'], ['a', 'b'], 0.5)).toBeCloseTo(1, 12);
    // S = [a,c], L = [a,b,c,d], p = .5: X = 1, 1, 2, 2; Xs = 1.
    // Σ1 = .5 + .125 + (2/3)·.125 + (2/4)·.0625 = .7395833…
    // Σ2 = 1·1/(2·3)·.125 + 1·2/(2·4)·.0625 = .0208333… + .015625 = .0364583…
    // tail = ((2 − 1)/4 + 1/2)·.0625 = .046875 → .8229166…
    expect(rankBiasedOverlap(['a', 'c'], ['a', 'b', 'c', 'd'], 0.5)).toBeCloseTo(0.8229166666666666, 12);
    // Symmetric in its arguments.
    expect(rankBiasedOverlap(['a', 'b', 'c', 'd'], ['a', 'c'], 0.5)).toBeCloseTo(0.8229166666666666, 12);
  });

  it('handles empty lists and rejects a bad p', () => {
    expect(rankBiasedOverlap([], [])).toBe(1);
    expect(rankBiasedOverlap(['a'], [])).toBe(0);
    expect(() => rankBiasedOverlap(['a'], ['a'], 1)).toThrow(RangeError);
  });

  it('lists shared, added and removed', () => {
    const c = compareLists(['a', 'b', 'c'], ['c', 'd', 'a']);
    expect(c).toMatchObject({ shared: ['a', 'c'], added: ['d'], removed: ['b'], jaccard: 0.5 });
  });
});

describe('compareSources', () => {
  it('compares two results by URL and by domain', () => {
    const a = srcs(
      'https://www.nike.com/shoes',
      'https://runnersworld.com/best',
      'https://reddit.com/r/running/1',
    );
    const b = srcs('https://nike.com/shoes/', 'https://reddit.com/r/running/2', 'https://asics.com/');
    const c = compareSources(a, b);
    // URLs: www.nike.com and nike.com are different hosts, so nothing is shared.
    expect(c.urls.shared).toEqual([]);
    expect(c.urls.jaccard).toBe(0);
    // Domains: a = [nike.com, runnersworld.com, reddit.com], b = [nike.com, reddit.com, asics.com].
    expect(c.domains).toMatchObject({
      shared: ['nike.com', 'reddit.com'],
      added: ['asics.com'],
      removed: ['runnersworld.com'],
      jaccard: 0.5, // 2 / 4
    });
    expect(c.domains.rbo).toBeGreaterThan(0);
    expect(c.domains.rbo).toBeLessThan(1);
  });

  it('handles results with no sources', () => {
    const c = compareSources([], []);
    expect(c.domains).toMatchObject({ shared: [], added: [], removed: [], jaccard: 1, rbo: 1 });
  });
});

describe('buildSourceMatrix', () => {
  it('builds domains × columns with presence, best position, count and shared marks', () => {
    const m = buildSourceMatrix([
      { id: 'US', sources: srcs('https://a.com/1', 'https://b.com/1', 'https://a.com/2') },
      { id: 'DE', sources: srcs('https://c.de/1', 'https://a.com/9') },
      { id: 'FR', sources: srcs('https://c.de/2') },
    ]);
    expect(m.columns).toEqual(['US', 'DE', 'FR']);
    expect(m.rows.map((r) => [r.key, r.columnCount, r.shared, r.meanBestPosition])).toEqual([
      ['c.de', 2, true, 1], // DE #1, FR #1
      ['a.com', 2, true, 1.5], // US #1, DE #2
      ['b.com', 1, false, 2],
    ]);
    expect(m.rows[1]?.cells).toEqual([
      { present: true, bestPosition: 1, count: 2 },
      { present: true, bestPosition: 2, count: 1 },
      { present: false, bestPosition: null, count: 0 },
    ]);
  });

  it('can key rows by URL and copes with no columns', () => {
    const m = buildSourceMatrix([{ id: 'x', sources: srcs('https://a.com/1/') }], { by: 'url' });
    expect(m.rows.map((r) => r.key)).toEqual(['https://a.com/1']);
    expect(buildSourceMatrix([])).toEqual({ by: 'domain', columns: [], rows: [] });
  });
});
