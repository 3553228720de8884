import { describe, expect, it } from 'vitest';
import {
  citationGapLists,
  kindShares,
  MIN_GAP_ANSWERS,
  siteClassifier,
} from '../../../src/core/analysis/visibility';
import { SITE_KIND_LIST, SITE_KIND_LIST_DATE } from '../../../src/shared/visibility/site-kind-list';
import {
  classifySite,
  SITE_KINDS,
  type SiteKind,
  type SiteKindRules,
} from '../../../src/shared/visibility/site-kinds';
import type { CitationGap } from '../../../src/shared/visibility/types';

// The kind of a cited site, from the overrides, the brands' domains, the shipped list, the
// public suffix and discovery's retailers; and the one definition of a citation gap.

const rules = (over: Partial<SiteKindRules> = {}): SiteKindRules => ({
  brands: [
    { id: 'b-acme', kind: 'brand', domains: ['acme.com', 'acme-shop.de'] },
    { id: 'b-zoom', kind: 'competitor', domains: ['www.zoomrun.com'] },
    { id: 'b-pace', kind: 'competitor', domains: ['pace.example'] },
  ],
  focusBrandId: 'b-acme',
  overrides: new Map(),
  retailerKeys: [],
  ...over,
});

const kindOf = (domain: string, r = rules()) => classifySite(domain, r);

describe('classifySite', () => {
  it('classes the focus brand’s domains as own and other tracked brands’ as competitor, subdomains included', () => {
    expect(kindOf('acme.com')).toEqual({ kind: 'own', source: 'brand' });
    expect(kindOf('support.acme.com')).toEqual({ kind: 'own', source: 'brand' });
    expect(kindOf('www.acme-shop.de')).toEqual({ kind: 'own', source: 'brand' });
    expect(kindOf('zoomrun.com')).toEqual({ kind: 'competitor', source: 'brand' });
    expect(kindOf('blog.zoomrun.com')).toEqual({ kind: 'competitor', source: 'brand' });
    // Not a subdomain: a domain that only ends with the same letters.
    expect(kindOf('notacme.com').kind).toBe('other');
  });

  it('follows the focus: with a competitor in focus, its domains are own and the brand’s stay own', () => {
    const r = rules({ focusBrandId: 'b-zoom' });
    expect(kindOf('zoomrun.com', r).kind).toBe('own');
    expect(kindOf('pace.example', r).kind).toBe('competitor');
  });

  it('classes well-known sites from the list, with their subdomains and every country’s suffix', () => {
    expect(kindOf('reddit.com')).toEqual({ kind: 'forum', source: 'list' });
    expect(kindOf('old.reddit.com').kind).toBe('forum');
    expect(kindOf('www.youtube.com').kind).toBe('video-social');
    expect(kindOf('en.wikipedia.org').kind).toBe('reference');
    expect(kindOf('de.wikipedia.org').kind).toBe('reference');
    expect(kindOf('amazon.de')).toEqual({ kind: 'retailer', source: 'list' });
    expect(kindOf('www.amazon.co.uk').kind).toBe('retailer');
    expect(kindOf('amazon.com.br').kind).toBe('retailer');
    expect(kindOf('rtings.com').kind).toBe('editorial');
    // A host's own entry wins over its parent's (PubMed is reference, nih.gov institutional).
    expect(kindOf('pubmed.ncbi.nlm.nih.gov').kind).toBe('reference');
    expect(kindOf('nih.gov').kind).toBe('institutional');
  });

  it('classes government and academic hosts by their suffix', () => {
    expect(kindOf('cdc.gov').kind).toBe('institutional');
    expect(kindOf('www.ox.ac.uk')).toEqual({ kind: 'institutional', source: 'suffix' });
    expect(kindOf('stanford.edu').kind).toBe('institutional');
    expect(kindOf('economie.gouv.fr').kind).toBe('institutional');
    expect(kindOf('sat.gob.mx').kind).toBe('institutional');
    expect(kindOf('acme.co.uk').kind).toBe('other');
  });

  it('classes a domain spelling a retailer discovery found as a retailer', () => {
    const r = rules({ retailerKeys: ['shopwise', 'pacer and co'] });
    expect(kindOf('shopwise.de', r)).toEqual({ kind: 'retailer', source: 'discovery' });
    expect(kindOf('www.pacerco.com', r).kind).toBe('retailer');
    expect(kindOf('shopwisely.com', r).kind).toBe('other');
  });

  it('lets the user’s override win over everything, a subdomain’s over its parent’s', () => {
    const overrides = new Map<string, SiteKind>([
      ['reddit.com', 'editorial'],
      ['zoomrun.com', 'retailer'],
      ['shop.reddit.com', 'retailer'],
    ]);
    const r = rules({ overrides });
    expect(kindOf('reddit.com', r)).toEqual({ kind: 'editorial', source: 'override' });
    expect(kindOf('old.reddit.com', r).kind).toBe('editorial');
    expect(kindOf('shop.reddit.com', r).kind).toBe('retailer');
    expect(kindOf('zoomrun.com', r)).toEqual({ kind: 'retailer', source: 'override' });
    expect(kindOf('WWW.Reddit.com.', r).kind).toBe('editorial');
  });

  it('ships a dated list of a few hundred sites, each in one kind only', () => {
    expect(SITE_KIND_LIST_DATE).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const entries = Object.values(SITE_KIND_LIST).flat();
    expect(entries.length).toBeGreaterThanOrEqual(300);
    expect(new Set(entries).size).toBe(entries.length);
    for (const e of entries) expect(e).toMatch(/^[a-z0-9.-]+(\.\*)?$/);
  });
});

const gap = (domain: string, k: number, over: Partial<CitationGap> = {}): CitationGap => ({
  domain,
  gapAnswers: { value: k / 100, k, n: 100, lower: 0, upper: 1 },
  competitors: [{ brandId: 'b-zoom', answers: k }],
  focusCitedElsewhere: false,
  siteKind: 'other',
  ...over,
});

describe('citationGapLists', () => {
  it('keeps competitors’ own sites apart, leaves out own sites, thin and partial gaps', () => {
    const lists = citationGapLists(
      [
        gap('zoomrun.com', 40, { siteKind: 'competitor' }),
        gap('reddit.com', 30, { siteKind: 'forum' }),
        gap('acme.com', 20, { siteKind: 'own' }),
        gap('rtings.com', 12, { siteKind: 'editorial', focusCitedElsewhere: true }),
        gap('blog.example', MIN_GAP_ANSWERS),
        gap('rare.example', MIN_GAP_ANSWERS - 1),
        gap('pace.example', 1, { siteKind: 'competitor' }),
      ],
      50,
    );
    expect(lists.gaps.map((g) => g.domain)).toEqual(['reddit.com', 'blog.example']);
    expect(lists.partialGaps.map((g) => g.domain)).toEqual(['rtings.com']);
    expect(lists.competitorSites.map((g) => g.domain)).toEqual(['zoomrun.com', 'pace.example']);
    expect(lists.thinGaps.map((g) => g.domain)).toEqual(['rare.example']);
    expect(lists.minAnswers).toBe(MIN_GAP_ANSWERS);
  });

  it('cuts each list to the limit after splitting', () => {
    const many = Array.from({ length: 8 }, (_, i) => gap(`site${i}.example`, 20 - i));
    const lists = citationGapLists([gap('zoomrun.com', 50, { siteKind: 'competitor' }), ...many], 3);
    expect(lists.gaps.map((g) => g.domain)).toEqual(['site0.example', 'site1.example', 'site2.example']);
    expect(lists.competitorSites).toHaveLength(1);
  });
});

describe('kindShares', () => {
  it('gives every kind its share of the citations now and before, largest first', () => {
    const classify = siteClassifier(rules());
    const now = [
      { domain: 'reddit.com', answers: 30 },
      { domain: 'acme.com', answers: 10 },
      { domain: 'old.reddit.com', answers: 20 },
      { domain: 'amazon.de', answers: 40 },
    ];
    const before = [{ domain: 'reddit.com', answers: 10 }];
    const s = kindShares(now, before, classify);
    expect(s.citations).toBe(100);
    expect(s.previousCitations).toBe(10);
    expect(s.byKind).toHaveLength(SITE_KINDS.length);
    expect(s.byKind.slice(0, 3).map((k) => [k.kind, k.share.k, k.domains])).toEqual([
      ['forum', 50, 2],
      ['retailer', 40, 1],
      ['own', 10, 1],
    ]);
    const forum = s.byKind[0];
    expect(forum?.share.value).toBe(0.5);
    expect(forum?.share.n).toBe(100);
    expect(forum?.share.lower).toBeLessThan(0.5);
    expect(forum?.previousShare.value).toBe(1);
    expect(forum?.change.significant).toBe(true);
    expect(s.byKind.find((k) => k.kind === 'reference')?.share.k).toBe(0);
  });
});
