import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscoveryCandidate, DiscoveryQueue } from '../../../src/shared/analytics/discovery-types';
import type { BrandView } from '../../../src/shared/ipc/channels/library';
import { demoHistoryCopy } from '../../support/demo-history';
import { runCliAt as runCli } from '../../support/cli-in-process';

// `parallax brands discover` in this process (tests/support/cli-in-process.ts) on a 2-day demo history: the queue (text and
// JSON, filters, bad flags), accept, dismiss/restore, merge, show.

describe('parallax brands discover', () => {
  let dir: string;
  let db: string;
  const parallax = (args: string[]) => runCli([...args, '--db', db], dir);
  const json = async <T>(args: string[]): Promise<T> => {
    const out = await parallax([...args, '--json']);
    expect(out.code, out.stderr).toBe(0);
    return JSON.parse(out.stdout) as T;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'parallax-discover-cli-'));
    // A 2-day demo history (tests/integration/demo/demo-cli.test.ts tests `parallax demo`):
    // a copy of the shared one.
    db = await demoHistoryCopy({ days: 2, alerts: 'unchecked', to: join(dir, 'history.db') });
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints the queue as a table and as JSON, filtered by location and limited', async () => {
    const text = await parallax(['brands', 'discover', '--since', '7d']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(
      /Discovered names, \d{4}-\d{2}-\d{2} … \d{4}-\d{2}-\d{2} \(7 days, 480 answers\)/,
    );
    expect(text.stdout).toContain('Share (95% CI)');
    expect(text.stdout).toContain('Trailhawk');
    expect(text.stdout).toMatch(/6 covered by your brands/);
    const q = await json<DiscoveryQueue>(['brands', 'discover', '--since', '7d', '--limit', '200']);
    expect(q.totalAnswers).toBe(480);
    expect(q.candidates.map((c) => c.key)).not.toContain('veloxa');
    const jp = await json<DiscoveryQueue>([
      'brands',
      'discover',
      '--since',
      '1w',
      '--countries',
      'jp',
      '--limit',
      '200',
    ]);
    expect(jp.totalAnswers).toBe(80);
    expect(jp.candidates.every((c) => c.locations.join() === 'JP')).toBe(true);
    expect(jp.candidates.map((c) => c.key)).toContain('ハヤテ');
    expect(jp.candidates.map((c) => c.key)).not.toContain('lauferwerk');
    const two = await json<DiscoveryQueue>(['brands', 'discover', '--limit', '2']);
    expect(two.candidates).toHaveLength(2);
    expect(two.total).toBe(q.total);
  });

  it('lists retailers and marketplaces apart; --only picks one list', async () => {
    const text = await parallax(['brands', 'discover', '--since', '7d', '--limit', '500']);
    expect(text.code, text.stderr).toBe(0);
    const [competitors, shops] = text.stdout.split('Retailers and marketplaces (shopping merchants):');
    expect(competitors).toContain('Trailhawk');
    expect(competitors).not.toContain('Shopwise');
    expect(shops).toContain('Shopwise');
    expect(shops).not.toContain('Trailhawk');
    const retailers = await json<DiscoveryQueue>([
      'brands',
      'discover',
      '--since',
      '7d',
      '--only',
      'retailers',
    ]);
    const candidates = await json<DiscoveryQueue>([
      'brands',
      'discover',
      '--since',
      '7d',
      '--only',
      'candidate',
    ]);
    expect(retailers.candidates.map((c) => c.kind)).toEqual(retailers.candidates.map(() => 'retailer'));
    expect(retailers.candidates.map((c) => c.key)).toContain('shopwise');
    expect(candidates.candidates.map((c) => c.key)).not.toContain('shopwise');
    // Each list counts both kinds (before its filter).
    expect(retailers.kindCounts).toEqual({ candidate: candidates.total, retailer: retailers.total });
    expect(candidates.kindCounts).toEqual(retailers.kindCounts);
    expect(text.stdout).toContain(`${retailers.total} retailers or marketplaces`);
    const bad = await parallax(['brands', 'discover', '--only', 'shops']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--only/);
  }, 120_000);

  it('refuses bad flags with exit 2 and the reason', async () => {
    const bad = await parallax(['brands', 'discover', '--since', '0d']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--since/);
    const limit = await parallax(['brands', 'discover', '--limit', '5000']);
    expect(limit.code).toBe(2);
    expect(limit.stderr).toMatch(/--limit/);
    const unknown = await parallax(['brands', 'discover', 'accept', 'Nobody Named This']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/No answer in the history names "Nobody Named This"/);
  });

  it('accepts a name as a competitor, which then leaves the queue', async () => {
    const out = await json<{ brand: BrandView; reanalysedAnswers: number }>([
      'brands',
      'discover',
      'accept',
      'TRAILHAWK',
      '--alias',
      'Trailhawk Running',
      '--domain',
      'trailhawk.com',
    ]);
    expect(out.brand).toMatchObject({
      name: 'Trailhawk',
      kind: 'competitor',
      aliases: ['Trailhawk Running'],
      domains: ['trailhawk.com'],
    });
    expect(out.reanalysedAnswers).toBe(480);
    const list = await json<{ brands: BrandView[] }>(['brands', 'list']);
    expect(list.brands.map((b) => b.name)).toContain('Trailhawk');
    const q = await json<DiscoveryQueue>(['brands', 'discover', '--limit', '500']);
    expect(q.candidates.map((c) => c.key)).not.toContain('trailhawk');
    expect(q.coveredCount).toBe(7);
    const again = await parallax(['brands', 'discover', 'accept', 'Trailhawk']);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/already exists/);
  });

  it('dismisses, lists the dismissed and restores', async () => {
    expect(await json(['brands', 'discover', 'dismiss', 'altura'])).toEqual({ key: 'altura', changed: true });
    const text = await parallax(['brands', 'discover', 'dismiss', 'Altura']);
    expect(text.stdout).toContain('"Altura" was already dismissed.');
    const dismissed = await json<DiscoveryQueue>(['brands', 'discover', '--dismissed']);
    expect(dismissed.candidates.map((c) => c.name)).toEqual(['Altura']);
    expect(
      (await json<DiscoveryQueue>(['brands', 'discover', '--limit', '500'])).candidates.map((c) => c.key),
    ).not.toContain('altura');
    expect(await json(['brands', 'discover', 'restore', 'Altura'])).toEqual({ key: 'altura', changed: true });
    expect(
      (await json<DiscoveryQueue>(['brands', 'discover', '--limit', '500'])).candidates.map((c) => c.key),
    ).toContain('altura');
  });

  it('merges a name into a brand and shows one name', async () => {
    const shown = await json<DiscoveryCandidate>(['brands', 'discover', 'show', 'Läuferwerk GmbH']);
    expect(shown).toMatchObject({ key: 'lauferwerk', locations: ['DE'] });
    const text = await parallax(['brands', 'discover', 'show', 'läuferwerk']);
    expect(text.stdout).toMatch(/Variants: .*Läuferwerk/);
    const missing = await parallax(['brands', 'discover', 'merge', 'Läuferwerk', '--into', 'Nope']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/No brand "Nope"; brands: .*Stridewell/);
    const out = await json<{ brand: BrandView }>([
      'brands',
      'discover',
      'merge',
      'Läuferwerk',
      '--into',
      'stridewell',
    ]);
    expect(out.brand.name).toBe('Stridewell');
    // Every written form the answers use becomes an alias, one spelling per difference beyond
    // case. Which forms a demo history holds depends on its days ("Läuferwerk GmbH" alone on
    // some), so the forms are the ones `show` reported, not a fixed list.
    const forms = [...new Set(shown.aliases.map((a) => a.toLowerCase()))];
    expect(forms).toContain('läuferwerk gmbh');
    const merged = out.brand.aliases.map((a) => a.toLowerCase());
    expect(merged).toEqual(expect.arrayContaining(forms));
    expect(new Set(merged).size).toBe(merged.length);
    const q = await json<DiscoveryQueue>(['brands', 'discover', '--limit', '500']);
    expect(q.candidates.map((c) => c.key)).not.toContain('lauferwerk');
  });
});
