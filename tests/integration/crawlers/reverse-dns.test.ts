import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importLogs, loadRangeLists, systemDns } from '../../../src/core/crawlers';
import { openHistory, type HistoryStore } from '../../../src/core/history';
import { startDnsStandIn, type DnsStandIn } from '../../support/dns-stand-in';
import { combinedLine } from '../../support/crawler-logs';

// The reverse-DNS check end to end: a real log file read by DuckDB, node:dns's Resolver asking a
// DNS server on 127.0.0.1 over UDP (tests/support/dns-stand-in.ts). Amazonbot publishes no
// address list, only its PTR domain: a hit counts as Amazonbot's when its address's PTR name is
// under crawl.amazonbot.amazon and that name resolves back to the address.

const AMAZONBOT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot) Chrome/119.0.6045.214 Safari/537.36';
const REAL = '52.70.240.171';
const LOOKALIKE = '198.51.100.77';

let dir: string;
let dns: DnsStandIn;
let store: HistoryStore;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parallax-rdns-'));
  dns = await startDnsStandIn({
    'PTR 171.240.70.52.in-addr.arpa': ['crawler-52-70-240-171.crawl.amazonbot.amazon'],
    'A crawler-52-70-240-171.crawl.amazonbot.amazon': [REAL],
    'PTR 77.100.51.198.in-addr.arpa': ['crawl.amazonbot.amazon.example.net'],
  });
  store = openHistory({ path: join(dir, 'history.db') });
});
afterAll(async () => {
  store.close();
  await dns.close();
  rmSync(dir, { recursive: true, force: true });
});

const line = (ip: string, url: string) =>
  combinedLine({
    ip,
    at: Date.UTC(2026, 10, 2),
    method: 'GET',
    url,
    status: 200,
    bytes: 1,
    referer: '-',
    ua: AMAZONBOT,
    host: '',
  });

describe('reverse DNS against a local DNS server', () => {
  it('verifies the PTR-and-back address and counts the look-alike as claiming', async () => {
    const file = join(dir, 'access.log');
    writeFileSync(file, [line(REAL, '/a'), line(REAL, '/b'), line(LOOKALIKE, '/a')].join('\n') + '\n');
    const result = await importLogs({
      store,
      paths: [file],
      site: 'example.com',
      ranges: loadRangeLists(),
      dns: systemDns([dns.server]),
      now: () => Date.UTC(2026, 10, 3),
    });
    expect(result.files[0]).toMatchObject({ outcome: 'imported', kept: 3, verified: 2 });
    const totals = store.crawlAgentTotals({ site: 'example.com' });
    expect(totals).toEqual([
      { agent: 'Amazonbot', verified: true, hits: 2, pages: 2 },
      { agent: 'Amazonbot', verified: false, hits: 1, pages: 1 },
    ]);
    expect(dns.asked).toContain('A crawler-52-70-240-171.crawl.amazonbot.amazon');
    // The look-alike's PTR name is outside the domain: never resolved forward.
    expect(dns.asked).not.toContain('A crawl.amazonbot.amazon.example.net');
  });
});
