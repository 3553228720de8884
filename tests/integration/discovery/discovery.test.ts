import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../src/core/app';
import { openSettingsStore } from '../../../src/core/platform/settings';
import { openHistory } from '../../../src/core/history';
import { MIGRATIONS } from '../../../src/core/history/schema';
import { createDiscoveryService } from '../../../src/core/analysis/discovery';
import { compileBrandMatcher } from '../../../src/shared/analytics';
import {
  brandKeysOf,
  extractCandidates,
  isCoveredByBrands,
  originBit,
  originsOfMask,
} from '../../../src/shared/analytics/discovery-extract';
import { discoveryKind } from '../../../src/shared/analytics/discovery-kind';
import type { DiscoveryCandidate, DiscoveryQueue } from '../../../src/shared/analytics/discovery-types';
import type { BrandView } from '../../../src/shared/ipc/channels/library';
import type { IpcResult } from '../../../src/shared/ipc/define';
import type { VisibilityOverview } from '../../../src/shared/visibility/types';
import { demoHistoryCopy } from '../../support/demo-history';
import { toVersion } from '../../support/old-history';
import { createTestCore } from '../../support/test-core';

// Competitor discovery over a real history file: a 3-day demo built through the run engine
// against the sandbox on 127.0.0.1 (a copy of the shared template), then the queue, accept, dismiss/restore, merge and
// migration 004 through the app's IPC router. Expected figures are recomputed here from the
// stored answers one by one (extraction in ingest order), never from the roll-up.

const DAY = 86_400_000;
const iso = (day: number): string => new Date(day * DAY).toISOString().slice(0, 10);
const DAYS = 3;
const STRUCTURED =
  originBit('entity') | originBit('product-brand') | originBit('merchant') | originBit('advertiser');

interface Expected {
  answers: number;
  engines: Set<string>;
  locations: Set<string>;
  origins: number;
  first: number;
  last: number;
  forms: Map<string, number>;
}

/** One stored answer as the recomputes count it. */
interface ExtractedAnswer {
  day: number;
  engine: string;
  location: string;
  found: ReturnType<typeof extractCandidates>;
}

describe('competitor discovery on a demo history', () => {
  let dir: string;
  let dbPath: string;
  let core: Core;
  const events: Array<{ event: string; payload: unknown }> = [];
  const invoke = (channel: string, payload: unknown): Promise<IpcResult<unknown>> =>
    core.router.invoke(channel, payload);
  const value = async <T>(channel: string, payload: unknown): Promise<T> => {
    const result = await invoke(channel, payload);
    if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
    return result.value as T;
  };
  const today = Math.floor(Date.now() / DAY);

  /**
   * Every stored answer's candidates, extracted one by one in ingest order (a name is known once
   * an earlier answer named it in a structured part). The stored answers do not change until the
   * migration test, so they are read and extracted once for the file's recomputes, which differ
   * only in the days and filters they count.
   */
  let extracted: ExtractedAnswer[] | null = null;
  function extractAll(): ExtractedAnswer[] {
    if (extracted) return extracted;
    const raw = new Database(dbPath, { readonly: true });
    const ids = raw.prepare('SELECT id FROM results ORDER BY seq').pluck().all() as string[];
    raw.close();
    const known = new Set<string>();
    extracted = core.store.getResults(ids).map((r) => {
      const found = extractCandidates(r.normalized, { isKnownName: (k) => known.has(k) });
      for (const c of found) if ((c.origins & STRUCTURED) !== 0) known.add(c.key);
      const location = r.state ? `US-${r.state}` : r.country;
      return { day: Math.floor(r.fetchedAt / DAY), engine: r.engine, location, found };
    });
    return extracted;
  }

  /** The extracted candidates of the answers within days (and `keep`), grouped by key. */
  function recompute(
    fromDay: number,
    toDay: number,
    keep: (engine: string, location: string) => boolean = () => true,
  ): { total: number; byKey: Map<string, Expected> } {
    const byKey = new Map<string, Expected>();
    let total = 0;
    for (const r of extractAll()) {
      const { day, found } = r;
      if (day < fromDay || day > toDay || !keep(r.engine, r.location)) continue;
      total += 1;
      for (const c of found) {
        const e = byKey.get(c.key) ?? {
          answers: 0,
          engines: new Set<string>(),
          locations: new Set<string>(),
          origins: 0,
          first: day,
          last: day,
          forms: new Map<string, number>(),
        };
        e.answers += 1;
        e.engines.add(r.engine);
        e.locations.add(r.location);
        e.origins |= c.origins;
        e.first = Math.min(e.first, day);
        e.last = Math.max(e.last, day);
        e.forms.set(c.form, (e.forms.get(c.form) ?? 0) + 1);
        byKey.set(c.key, e);
      }
    }
    return { total, byKey };
  }

  function uncovered(byKey: Map<string, Expected>): Map<string, Expected> {
    const brands = core.store.listBrands();
    const keys = brandKeysOf(brands);
    const matcher = compileBrandMatcher(brands);
    return new Map(
      [...byKey].filter(
        ([key, e]) => ![...e.forms.keys()].some((form) => isCoveredByBrands(form, key, keys, matcher)),
      ),
    );
  }

  const queue = (input: Record<string, unknown>) =>
    value<DiscoveryQueue>('discovery.queue', { limit: 1000, ...input });
  const byName = (q: DiscoveryQueue, name: string): DiscoveryCandidate | undefined =>
    q.candidates.find((c) => c.name === name);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'parallax-discovery-'));
    dbPath = join(dir, 'parallax.db');
    const settings = openSettingsStore({ userDataDir: dir });
    settings.update({ sandboxMode: true });
    // A copy of the shared 3-day demo (built once per run through the run engine against the
    // sandbox, as demo.load builds it: the build keeps its own tests in tests/integration/demo),
    // the one the db-export files open, its runs compared: a 4-day one was built for this file
    // alone (960 answers), and each recompute and the migration's refill read a third more.
    await demoHistoryCopy({ days: 3, alerts: 'checked', to: dbPath });
    core = await createTestCore(dir, settings, { sandboxOptions: { latencyMs: 1 } });
    core.events.subscribe((event, payload) => events.push({ event, payload }));
  }, 120_000);
  afterAll(async () => {
    await core.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists every uncovered name with the figures counted answer by answer', async () => {
    const q = await queue({ period: { days: 7 } });
    const { total, byKey } = recompute(today - 6, today);
    const expected = uncovered(byKey);
    expect(q.totalAnswers).toBe(total);
    expect(total).toBe(DAYS * 240);
    expect(q.total).toBe(expected.size);
    expect(q.coveredCount).toBe(byKey.size - expected.size);
    expect(q.candidates.map((c) => c.key).sort()).toEqual([...expected.keys()].sort());
    for (const c of q.candidates) {
      const e = expected.get(c.key) as Expected;
      const mostUsed = [...e.forms].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
      expect(
        {
          name: c.name,
          answers: c.answers,
          k: c.share.k,
          n: c.share.n,
          engines: c.engines,
          locations: c.locations,
          origins: c.origins,
          aliases: [...c.aliases].sort(),
          first: c.firstSeen,
          last: c.lastSeen,
        },
        c.key,
      ).toEqual({
        name: mostUsed,
        answers: e.answers,
        k: e.answers,
        n: total,
        engines: [...e.engines].sort(),
        locations: [...e.locations].sort(),
        origins: originsOfMask(e.origins),
        aliases: [...e.forms.keys()].sort(),
        first: iso(e.first),
        last: iso(e.last),
      });
      expect(c.share.lower).toBeLessThanOrEqual(c.share.value as number);
      expect(c.share.upper).toBeGreaterThanOrEqual(c.share.value as number);
    }
    // Sorted by answers, most first.
    const answers = q.candidates.map((c) => c.answers);
    expect(answers).toEqual([...answers].sort((a, b) => b - a));
  });

  it('lists retailers and marketplaces apart from candidate competitors, by where the names came from', async () => {
    const all = await queue({ period: { days: 7 } });
    for (const c of all.candidates) expect(c.kind, c.key).toBe(discoveryKind(c.origins));
    const retailers = await queue({ period: { days: 7 }, kind: 'retailer' });
    const candidates = await queue({ period: { days: 7 }, kind: 'candidate' });
    expect(all.kindCounts).toEqual({ retailer: retailers.total, candidate: candidates.total });
    expect(retailers.total + candidates.total).toBe(all.total);
    // The sandbox's shops sell the products; its brands and newcomers are what to track.
    const shops = retailers.candidates.map((c) => c.key);
    expect(shops).toEqual(expect.arrayContaining(['shopwise', 'megamart']));
    expect(candidates.candidates.map((c) => c.key)).toEqual(
      expect.arrayContaining(['trailhawk', 'altura', 'lauferwerk', 'ハヤテ']),
    );
    expect(candidates.candidates.map((c) => c.key)).not.toContain('shopwise');
    for (const c of retailers.candidates) {
      expect(c.origins, c.key).toContain('merchant');
      expect(c.origins, c.key).not.toContain('product-brand');
    }
    const bad = await invoke('discovery.queue', { kind: 'shop' });
    expect(bad.ok).toBe(false);
  });

  it('finds newcomers, merchants, advertisers, a German and a Japanese name; leaves defined brands out', async () => {
    const q = await queue({ period: { days: 7 } });
    const keys = q.candidates.map((c) => c.key);
    for (const defined of ['veloxa', 'pacer', 'fleetfoot', 'norrun', 'cadence', 'stridewell'])
      expect(keys).not.toContain(defined);
    expect(keys).toEqual(expect.arrayContaining(['trailhawk', 'altura', 'shopwise', 'lauferwerk', 'ハヤテ']));
    const german = q.candidates.find((c) => c.key === 'lauferwerk') as DiscoveryCandidate;
    expect(german.locations).toEqual(['DE']);
    expect(german.aliases).toEqual(expect.arrayContaining(['Läuferwerk', 'Läuferwerk GmbH']));
    const japanese = q.candidates.find((c) => c.key === 'ハヤテ') as DiscoveryCandidate;
    expect(japanese.locations).toEqual(['JP']);
    expect(japanese.aliases).toEqual(expect.arrayContaining(['ハヤテ', '株式会社ハヤテ']));
    expect(q.candidates.find((c) => c.key === 'shopwise')?.origins).toContain('merchant');
    expect(q.candidates.some((c) => c.origins.includes('advertiser'))).toBe(true);
    expect(q.candidates.some((c) => c.origins.includes('list-item'))).toBe(true);
    // Examples: real answers, naming it, newest first.
    const trailhawk = byName(q, 'Trailhawk') as DiscoveryCandidate;
    expect(trailhawk.examples).toHaveLength(3);
    for (const ex of trailhawk.examples) {
      expect(ex.snippet).toContain('Trailhawk');
      expect(core.store.getResult(ex.resultId)?.normalized.text).toContain('Trailhawk');
    }
    // A name's own sites are proposed first ("trailhawk.com" for Trailhawk), then by lift.
    const withSite = q.candidates.filter((c) => c.domains.some((d) => d.labelMatch));
    expect(withSite.length).toBeGreaterThan(0);
    for (const c of withSite) {
      expect(c.domains[0]?.labelMatch, c.key).toBe(true);
      expect(c.domains[0]?.domain.startsWith(c.key.replace(/[^a-z0-9]/g, '')), c.key).toBe(true);
    }
  });

  it('marks a name not named in the previous period of the same length as new', async () => {
    const q = await queue({ period: { days: 2 } });
    const { byKey: prev } = recompute(today - 3, today - 2);
    for (const c of q.candidates) {
      expect(c.previousAnswers, c.key).toBe(prev.get(c.key)?.answers ?? 0);
      expect(c.isNew, c.key).toBe(!prev.has(c.key));
    }
    // Against days before the history began, nothing is new. Its first day is read from the
    // answers: before 07:00 UTC the demo's days end yesterday (src/core/demo/clock.ts).
    const raw = new Database(dbPath, { readonly: true });
    const firstDay = Math.floor(
      (raw.prepare('SELECT min(fetched_at) FROM results').pluck().get() as number) / DAY,
    );
    raw.close();
    expect(firstDay).toBeGreaterThanOrEqual(today - DAYS);
    const first = await queue({ period: { from: iso(firstDay), to: iso(firstDay) } });
    expect(first.candidates.length).toBeGreaterThan(0);
    expect(first.candidates.every((c) => !c.isNew)).toBe(true);
  });

  it('filters by engine and location', async () => {
    const engine = core.store.listRuns().runs[0] ? 'assistant-a' : 'assistant-a';
    const q = await queue({ period: { days: 7 }, engines: [engine], locations: ['DE'] });
    const raw = new Database(dbPath, { readonly: true });
    const expected = raw
      .prepare("SELECT COUNT(*) FROM vis_result WHERE engine = ? AND loc = 'DE'")
      .pluck()
      .get(engine) as number;
    raw.close();
    expect(q.totalAnswers).toBe(expected);
    expect(expected).toBeGreaterThan(0);
    for (const c of q.candidates) {
      expect(c.engines).toEqual([engine]);
      expect(c.locations).toEqual(['DE']);
    }
    expect(q.candidates.map((c) => c.key)).toContain('lauferwerk');
    expect(q.candidates.map((c) => c.key)).not.toContain('ハヤテ');
  });

  it('counts a name as ingest did with one engine or one location filter (the level roll-ups)', async () => {
    const raw = new Database(dbPath, { readonly: true });
    const engine = raw
      .prepare('SELECT engine FROM vis_result GROUP BY engine ORDER BY COUNT(*), engine LIMIT 1')
      .pluck()
      .get() as string;
    raw.close();
    const filters = [
      { query: { engines: [engine] }, keep: (e: string) => e === engine },
      { query: { locations: ['DE'] }, keep: (_: string, location: string) => location === 'DE' },
    ];
    for (const { query, keep } of filters) {
      const q = await queue({ period: { days: 7 }, limit: 1000, ...query });
      const expected = uncovered(recompute(today - 6, today, keep).byKey);
      expect(q.total, JSON.stringify(query)).toBe(expected.size);
      expect(q.total).toBeGreaterThan(0);
      for (const c of q.candidates) {
        const e = expected.get(c.key) as Expected;
        expect(
          {
            answers: c.answers,
            engines: c.engines,
            locations: c.locations,
            origins: c.origins,
            first: c.firstSeen,
            last: c.lastSeen,
          },
          c.key,
        ).toEqual({
          answers: e.answers,
          engines: [...e.engines].sort(),
          locations: [...e.locations].sort(),
          origins: originsOfMask(e.origins),
          first: iso(e.first),
          last: iso(e.last),
        });
      }
    }
  });

  it('dismisses a name (out of the queue, in the dismissed list) and restores it', async () => {
    expect(await value('discovery.dismiss', { key: 'Altura' })).toEqual({ key: 'altura', changed: true });
    const after = await queue({ period: { days: 7 } });
    expect(after.candidates.map((c) => c.key)).not.toContain('altura');
    expect(after.dismissedCount).toBe(1);
    const dismissed = await queue({ period: { days: 7 }, dismissed: true });
    expect(dismissed.candidates.map((c) => [c.key, c.dismissed])).toEqual([['altura', true]]);
    expect(await value('discovery.restore', { key: 'altura' })).toEqual({ key: 'altura', changed: true });
    expect((await queue({ period: { days: 7 } })).candidates.map((c) => c.key)).toContain('altura');
    expect(await invoke('discovery.dismiss', { key: 'Never Named Co' })).toMatchObject({
      ok: false,
      error: { code: 'DISCOVERY_NAME_NOT_FOUND' },
    });
  });

  it('accepts a name as a competitor with its variants and sites; the history is re-analysed at once', async () => {
    // A name whose own site answers cite, so its citation rate shows the domains took effect.
    const before = (await queue({ period: { days: 7 } })).candidates.find(
      (c) => !['altura', 'lauferwerk'].includes(c.key) && c.domains.some((d) => d.labelMatch),
    ) as DiscoveryCandidate;
    const domains = before.domains.filter((d) => d.labelMatch).map((d) => d.domain);
    events.length = 0;
    const brand = await value<BrandView>('discovery.accept', {
      key: before.key,
      // A case-only variant adds nothing (matching ignores case): it is dropped.
      aliases: [before.name.toUpperCase(), `${before.name} Running`],
      domains,
    });
    expect(brand).toMatchObject({
      name: before.name,
      kind: 'competitor',
      aliases: [`${before.name} Running`],
      domains,
    });
    expect(domains.length).toBeGreaterThan(0);
    expect(events).toContainEqual({ event: 'visibility.changed', payload: { reason: 'brands' } });
    const overview = await value<VisibilityOverview>('visibility.overview', { period: { days: 7 } });
    const row = overview.leaderboard.find((m) => m.brandId === brand.id);
    // Named in the text of every answer discovery counted it in (entities are not text: at most that).
    expect(row?.mentionRate.k).toBeGreaterThan(0);
    expect(row?.mentionRate.k).toBeLessThanOrEqual(before.answers);
    expect(row?.citationRate.k).toBeGreaterThan(0);
    const q = await queue({ period: { days: 7 } });
    expect(q.candidates.map((c) => c.key)).not.toContain(before.key);
    expect(await invoke('discovery.accept', { key: before.name })).toMatchObject({
      ok: false,
      error: { code: 'BRAND_CONFLICT' },
    });
  });

  it('merges a name into an existing brand as aliases, re-analysed', async () => {
    const stridewell = core.store.listBrands().find((b) => b.name === 'Stridewell') as BrandView;
    const german = (await queue({ period: { days: 7 } })).candidates.find(
      (c) => c.key === 'lauferwerk',
    ) as DiscoveryCandidate;
    const before = await value<VisibilityOverview>('visibility.overview', { period: { days: 7 } });
    const merged = await value<BrandView>('discovery.merge', { key: 'LÄUFERWERK', brandId: stridewell.id });
    // Its written forms, one per spelling that differs beyond case.
    const forms = german.aliases.filter(
      (a, i, all) => all.findIndex((b) => b.toLowerCase() === a.toLowerCase()) === i,
    );
    expect(merged.aliases).toEqual([...stridewell.aliases, ...forms]);
    expect(forms.length).toBeGreaterThanOrEqual(2);
    const after = await value<VisibilityOverview>('visibility.overview', { period: { days: 7 } });
    const k = (o: VisibilityOverview) =>
      o.leaderboard.find((m) => m.brandId === stridewell.id)?.mentionRate.k ?? 0;
    expect(k(after)).toBeGreaterThan(k(before));
    expect((await queue({ period: { days: 7 } })).candidates.map((c) => c.key)).not.toContain('lauferwerk');
  });

  it('migration 004 fills the tables of a file made at version 3 as ingest did', async () => {
    await value('discovery.dismiss', { key: 'Altura' });
    const service = () => createDiscoveryService({ store: core.store, now: Date.now });
    const before = service().queue({ period: { days: 7 }, limit: 1000 });
    await core.close();
    const raw = new Database(dbPath);
    const dismissed = raw.prepare('SELECT key, decision, decided_at FROM disc_decisions').all();
    raw.close();
    // Back to version 3: the discovery tables (and every later migration's) are gone.
    toVersion(dbPath, 3);
    const store = openHistory({ path: dbPath });
    try {
      expect(store.migrated).toEqual({ from: 3, to: MIGRATIONS.length });
      // A version-3 file has no decisions: put back the one made, then the queue must be the same.
      expect(dismissed).toHaveLength(1);
      store.setNameDismissed('altura', true);
      const after = createDiscoveryService({ store, now: Date.now }).queue({
        period: { days: 7 },
        limit: 1000,
      });
      expect(after).toEqual(before);
      expect(after.candidates.length).toBeGreaterThan(10);
    } finally {
      store.close();
    }
    core = await createTestCore(dir, openSettingsStore({ userDataDir: dir }));
  });

  it('deleting the demo takes its names out of the queue', async () => {
    await value('demo.delete', {});
    const raw = new Database(dbPath, { readonly: true });
    const rows = (t: string) => raw.prepare(`SELECT COUNT(*) FROM ${t}`).pluck().get();
    const tables = ['disc_result', 'disc_day', 'disc_engine_day', 'disc_loc_day', 'disc_name_day'];
    expect(tables.map(rows)).toEqual([0, 0, 0, 0, 0]);
    raw.close();
    expect((await queue({ period: { days: 7 } })).candidates).toEqual([]);
  });
});
