import { describe, expect, it } from 'vitest';
import { compileBrandMatcher, type BrandDefinition } from '../../../src/shared/analytics';
import { addressRanges, splitBrandMentions } from '../../../src/renderer/src/lib/brand-highlight';
import { formatDate, formatDateRange, formatDateTime, plural } from '../../../src/renderer/src/lib/format';
import { fileName } from '../../../src/renderer/src/lib/saved-file';

// The renderer's words for counts, days and files, and where brand marks go in answer text.

describe('plural', () => {
  it('says "1 run" and "2 runs", with thousands separated', () => {
    expect(plural(1, 'run')).toBe('1 run');
    expect(plural(0, 'run')).toBe('0 runs');
    expect(plural(2, 'run')).toBe('2 runs');
    expect(plural(7200, 'answer')).toBe('7,200 answers');
    expect(plural(3, 'country', 'countries')).toBe('3 countries');
    expect(plural(1, 'country', 'countries')).toBe('1 country');
  });
});

describe('dates in the OS locale, one format everywhere', () => {
  // The same formatter the app uses: whatever the locale running the tests, an epoch, an ISO day
  // and an ISO timestamp of one day read the same.
  const medium = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

  it('writes an ISO day as that calendar day in any time zone', () => {
    expect(formatDate('2026-11-25')).toBe(medium.format(Date.UTC(2026, 10, 25)));
    expect(formatDateRange('2026-10-27', '2026-11-25')).toBe(
      `${medium.format(Date.UTC(2026, 9, 27))} – ${medium.format(Date.UTC(2026, 10, 25))}`,
    );
  });

  it('writes an epoch as its local day, a moment with its time, and a dash for nothing', () => {
    const noon = new Date(2026, 10, 25, 12, 0).getTime();
    expect(formatDate(noon)).toBe(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(noon));
    expect(formatDateTime(noon)).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(noon),
    );
    expect(formatDate(null)).toBe('—');
    expect(formatDateTime('')).toBe('—');
    expect(formatDate('not a date')).toBe('not a date');
  });
});

describe('fileName', () => {
  it('keeps the name and drops the folder, on any OS', () => {
    expect(fileName('/tmp/parallax-x1/veloxa-2026-11.csv')).toBe('veloxa-2026-11.csv');
    expect(fileName('C:\\Users\\ana\\Documents\\report.html')).toBe('report.html');
  });
});

describe('brand marks', () => {
  const BRANDS: BrandDefinition[] = [
    { id: 'cadence', name: 'Cadence', kind: 'competitor', aliases: [], domains: ['cadence.de'] },
    { id: 'veloxa', name: 'Veloxa', kind: 'brand', aliases: [], domains: ['veloxa.com'] },
  ];
  const matcher = compileBrandMatcher(BRANDS);
  const marked = (text: string): string[] =>
    splitBrandMentions(text, matcher)
      .filter((p) => p.brand !== null)
      .map((p) => p.text);

  it('marks brands in prose, never inside a URL or a domain', () => {
    const text =
      'Cadence and Veloxa lead (see https://www.cadence.de/shoes?brand=veloxa, www.veloxa.com and cadence.de/faq). Veloxa.';
    expect(marked(text)).toEqual(['Cadence', 'Veloxa', 'Veloxa']);
    // The pieces put back together are the text, unchanged.
    expect(
      splitBrandMentions(text, matcher)
        .map((p) => p.text)
        .join(''),
    ).toBe(text);
  });

  it('finds bare domains and URLs, without the closing punctuation of a sentence', () => {
    const text = 'Buy at fleetfoot.co.uk. Or https://veloxa.com/x, or e-mail ana@veloxa.com.';
    const ranges = addressRanges(text).map(([a, b]) => text.slice(a, b));
    expect(ranges).toContain('fleetfoot.co.uk');
    expect(ranges).toContain('https://veloxa.com/x');
    // An e-mail's domain is not cut out of the address as a domain of its own.
    expect(ranges).not.toContain('veloxa.com');
  });

  it('leaves text whole without a matcher', () => {
    expect(splitBrandMentions('Veloxa', null)).toEqual([{ text: 'Veloxa', brand: null }]);
  });
});
