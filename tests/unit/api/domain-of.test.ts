import { describe, expect, it } from 'vitest';
import { domainOf } from '../../../src/shared/api/normalize';
import { rng } from '../../bench/bench-random';

// domainOf reads a plain http(s) host without parsing the URL: whatever the URL, it must give
// exactly what the WHATWG parser's hostname gives (lower case, without www.; '' if not a URL).

function parsed(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return '';
  }
}

const SCHEMES = [
  'https://',
  'http://',
  'HTTPS://',
  'Http://',
  'ftp://',
  'https:/',
  'https:///',
  'https:\\\\',
  ' https://',
  '',
];
const LABEL_PARTS = [
  'www',
  'example',
  'EXAMPLE',
  'a',
  'x',
  '0',
  '12',
  '255',
  '0x7f',
  '0X1A',
  'xn--',
  'xn--bcher-kva',
  'XN--abc',
  '-',
  'a-b',
  'b--c',
  '_',
  'ü',
  'é',
  '%41',
  'Ⅻ',
  '１',
  '',
];
const SEPARATORS = ['.', '.', '.', '..', '。'];
const TAILS = [
  '',
  '/',
  '/path?q=1#f',
  '?x',
  '#frag',
  ':443/',
  ':99999/',
  ':/',
  '@evil.com/',
  '\\path',
  ' ',
  '\t/',
  '\n',
  '/ü',
  '/%zz',
  '.',
];

function randomUrl(next: () => number): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const labels = Array.from(
    { length: 1 + Math.floor(next() * 4) },
    () => pick(LABEL_PARTS) + (next() < 0.3 ? pick(LABEL_PARTS) : ''),
  );
  let host = labels[0] as string;
  for (const label of labels.slice(1)) host += pick(SEPARATORS) + label;
  return pick(SCHEMES) + host + pick(TAILS);
}

describe('domainOf', () => {
  it('gives the parsed hostname for common and odd URLs', () => {
    const cases = [
      'https://www.Example.com/a',
      'https://shop.example.co.uk?q=1',
      'http://EXAMPLE.COM#top',
      'https://example.com:8080/x',
      'https://user@example.com/',
      'https://xn--bcher-kva.example/',
      'https://bücher.example/',
      'https://0x7f.1/',
      'https://1.2.3/',
      'https://192.168.0.1/',
      'https://[::1]/',
      'https://example.com./',
      'https://exa%6Dple.com/',
      'https:/example.com/',
      'https:///example.com/',
      'https:\\\\example.com\\path',
      ' https://example.com ',
      'https://exa\tmple.com/',
      'mailto:someone@example.com',
      'not a url',
      'https://www./',
      'https://a..b/',
      'https://-a-.b-/',
      '',
    ];
    for (const url of cases) expect(domainOf(url), url).toBe(parsed(url));
    expect(domainOf(null)).toBe('');
  });

  it('agrees with the URL parser on 20,000 generated URLs', () => {
    const next = rng(20260325);
    for (let i = 0; i < 20_000; i++) {
      const url = randomUrl(next);
      expect(domainOf(url), JSON.stringify(url)).toBe(parsed(url));
    }
  });
});
