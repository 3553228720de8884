import { describe, expect, it } from 'vitest';
import {
  agentCatalogue,
  loadRangeLists,
  matchableAgents,
  parseRangeList,
  reverseDnsConfirms,
  verifiedPairs,
  type DnsLookup,
} from '../../../src/core/crawlers';

// Verification's decisions: an address in an operator's published list (IPv4, IPv6, an IPv4
// address written IPv6's way), and the reverse-DNS check (PTR in the operator's domain, then
// the name resolving back to the address) against an injected resolver standing in for DNS.

const list = (prefixes: object[]) => {
  const parsed = parseRangeList({ creationTime: '2026-11-01T00:00:00.000000', prefixes });
  if (!parsed.ok) throw new Error(parsed.errors.join('; '));
  return parsed.list;
};

describe('published address lists', () => {
  it('matches IPv4 and IPv6 prefixes, and IPv4 addresses logged as IPv6', () => {
    const l = list([{ ipv4Prefix: '20.171.206.0/24' }, { ipv6Prefix: '2001:4860:4801:10::/64' }]);
    expect(l.date).toBe('2026-11-01');
    expect(l.contains('20.171.206.255')).toBe(true);
    expect(l.contains('20.171.207.0')).toBe(false);
    expect(l.contains('::ffff:20.171.206.9')).toBe(true);
    expect(l.contains('2001:4860:4801:10:0:0:0:1')).toBe(true);
    expect(l.contains('2001:4860:4801:11::1')).toBe(false);
    expect(l.contains('not an address')).toBe(false);
  });

  it('names every bad entry of a list', () => {
    const parsed = parseRangeList({
      prefixes: [{ ipv4Prefix: '1.2.3/24' }, {}, { ipv6Prefix: '1.2.3.4/8' }],
    });
    expect(parsed).toEqual({
      ok: false,
      errors: [
        'prefixes[0].ipv4Prefix: "1.2.3/24" is not an IPv4 prefix',
        'prefixes[1]: has neither ipv4Prefix nor ipv6Prefix',
        'prefixes[2].ipv6Prefix: "1.2.3.4/8" is not an IPv6 prefix',
      ],
    });
  });

  it('ships a dated list for every list the catalogue names', () => {
    const lists = loadRangeLists();
    const named = agentCatalogue().agents.flatMap((a) => (a.ranges ? [a.ranges] : []));
    for (const name of named) expect(lists.get(name)?.date, name).toMatch(/^\d{4}-\d{2}-\d{2}$/u);
  });

  it('matches the longest token first and never a robots.txt-only token', () => {
    const tokens = matchableAgents().map((a) => a.token);
    expect(tokens).not.toContain('Google-Extended');
    expect(tokens.indexOf('Claude-SearchBot')).toBeLessThan(tokens.indexOf('ClaudeBot'));
  });
});

/** A resolver standing in for DNS: PTR and forward records from tables. */
function fakeDns(
  ptr: Record<string, string[]>,
  forward: Record<string, string[]>,
): DnsLookup & { asked: string[] } {
  const asked: string[] = [];
  const answer = (table: Record<string, string[]>, key: string) => {
    asked.push(key);
    const found = table[key];
    return found ? Promise.resolve(found) : Promise.reject(new Error(`ENOTFOUND ${key}`));
  };
  return {
    asked,
    reverse: (a) => answer(ptr, a),
    resolve4: (h) => answer(forward, h),
    resolve6: (h) => answer(forward, h),
  };
}

describe('reverse DNS', () => {
  const dns = fakeDns(
    {
      '52.70.1.1': ['crawler-52-70-1-1.crawl.amazonbot.amazon'],
      '52.70.1.2': ['crawler-52-70-1-2.crawl.amazonbot.amazon'],
      '198.51.100.7': ['crawl.amazonbot.amazon.evil.example'],
    },
    {
      'crawler-52-70-1-1.crawl.amazonbot.amazon': ['52.70.1.1'],
      'crawler-52-70-1-2.crawl.amazonbot.amazon': ['52.70.9.9'],
    },
  );
  const domains = ['crawl.amazonbot.amazon'];

  it('confirms a PTR in the domain that resolves back to the address', async () => {
    expect(await reverseDnsConfirms(dns, '52.70.1.1', domains)).toBe(true);
  });

  it('refuses a PTR whose name resolves elsewhere, a look-alike domain, and no PTR', async () => {
    expect(await reverseDnsConfirms(dns, '52.70.1.2', domains)).toBe(false);
    expect(await reverseDnsConfirms(dns, '198.51.100.7', domains)).toBe(false);
    expect(await reverseDnsConfirms(dns, '203.0.113.1', domains)).toBe(false);
    // The look-alike's name was never resolved forward: only names in the domain are.
    expect(dns.asked).not.toContain('crawl.amazonbot.amazon.evil.example');
  });

  it('is used only for agents with no published list, and only when a resolver is given', async () => {
    const ranges = loadRangeLists();
    const pairs = [
      { agent: 'Amazonbot', ip: '52.70.1.1' },
      { agent: 'GPTBot', ip: '52.70.1.1' },
      { agent: 'ClaudeBot', ip: '52.70.1.1' },
    ];
    expect([...(await verifiedPairs(pairs, { ranges, dns }))]).toEqual(['Amazonbot\u000052.70.1.1']);
    expect((await verifiedPairs(pairs, { ranges })).size).toBe(0);
  });
});
