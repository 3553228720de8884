import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibilityService } from '../../../src/core/analysis/visibility';
import { openHistory } from '../../../src/core/history';
import { collectReport } from '../../../src/core/outputs/reports';
import { demoHistoryCopy } from '../../support/demo-history';
import { runCliAt as runCli, type InProcessOutcome as CliOut } from '../../support/cli-in-process';

// `parallax sources` kinds of site and citation gaps on a demo history the sandbox answered over
// HTTP (the demo builder runs the real run engine against the sandbox on 127.0.0.1): each cited
// domain's kind, the shares by kind, overrides set and cleared from the CLI, and gaps that equal
// the client report's for the same monitor and period.

const MONITOR = 'Demo · Buying guides';
let dir = '';
let db = '';

const parallax = (args: string[]): Promise<CliOut> => runCli([...args, '--db', db], dir);

async function json<T>(args: string[]): Promise<T> {
  const out = await parallax([...args, '--json']);
  expect(out.code, out.stderr).toBe(0);
  return JSON.parse(out.stdout) as T;
}

interface Rate {
  value: number | null;
  k: number;
  n: number;
  lower: number | null;
  upper: number | null;
}
interface SourcesJson {
  answers: number;
  citations: number;
  rows: Array<{
    domain: string;
    answers: number;
    brand: string | null;
    siteKind: string;
    siteKindSource: string;
  }>;
  byKind: Array<{ kind: string; label: string; citations: number; share: Rate; domains: number }>;
}
interface Gap {
  domain: string;
  siteKind: string;
  answers: number;
  focusCitedElsewhere: boolean;
}
interface GapsJson {
  brand: string;
  gapAnswers: number;
  minAnswers: number;
  rows: Gap[];
  partialGaps: Gap[];
  competitorSites: Gap[];
  thinGaps: Gap[];
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parallax-source-kinds-'));
  db = join(dir, 'history.db');
  await demoHistoryCopy({ days: 2, to: db });
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('parallax sources: kinds of site', () => {
  it('--json classes every cited domain and gives the shares of citations by kind', async () => {
    const view = await json<SourcesJson>(['sources', '--limit', '500']);
    expect(view.rows.length).toBeGreaterThan(10);
    // Every domain is listed (fewer than the limit): the shares add up from the rows.
    expect(view.rows.length).toBeLessThan(500);
    expect(view.citations).toBe(view.rows.reduce((s, r) => s + r.answers, 0));
    for (const r of view.rows) {
      if (r.brand === 'Veloxa') expect(r.siteKind).toBe('own');
      else if (r.brand !== null) expect(r.siteKind).toBe('competitor');
      else expect(['own', 'competitor']).not.toContain(r.siteKind);
    }
    for (const k of view.byKind) {
      const rows = view.rows.filter((r) => r.siteKind === k.kind);
      expect(k.citations).toBe(rows.reduce((s, r) => s + r.answers, 0));
      expect(k.domains).toBe(rows.length);
      expect(k.share.n).toBe(view.citations);
    }
    const kinds = new Set(view.byKind.filter((k) => k.citations > 0).map((k) => k.kind));
    expect(kinds).toContain('own');
    expect(kinds).toContain('competitor');
    const text = await parallax(['sources', '--limit', '5']);
    expect(text.stdout).toContain('Shares by kind of site');
    expect(text.stdout).toContain('Competitor’s site');
  });

  it('an override wins over the automatic kind until it is cleared, in sources and in gaps', async () => {
    const before = await json<SourcesJson>(['sources', '--limit', '500']);
    const target = before.rows.find((r) => r.siteKind === 'other');
    expect(target).toBeDefined();
    const domain = target?.domain as string;

    const set = await json<{ changed: boolean; domains: Array<{ kind: string; source: string }> }>([
      'sources',
      'kind',
      domain,
      'competitor',
    ]);
    expect(set.changed).toBe(true);
    expect(set.domains).toEqual([
      { domain, kind: 'competitor', source: 'override', label: 'Competitor’s site' },
    ]);
    const after = await json<SourcesJson>(['sources', '--limit', '500']);
    expect(after.rows.find((r) => r.domain === domain)).toMatchObject({
      siteKind: 'competitor',
      siteKindSource: 'override',
    });
    const gaps = await json<GapsJson>(['sources', '--gaps', '--limit', '500']);
    const all = [...gaps.rows, ...gaps.partialGaps, ...gaps.thinGaps];
    expect(all.map((g) => g.domain)).not.toContain(domain);

    const listed = await json<{ overrides: Array<{ domain: string; kind: string }> }>(['sources', 'kinds']);
    expect(listed.overrides.map((o) => [o.domain, o.kind])).toEqual([[domain, 'competitor']]);

    const cleared = await json<{ changed: boolean }>(['sources', 'kind', domain, '--clear']);
    expect(cleared.changed).toBe(true);
    const again = await json<SourcesJson>(['sources', '--limit', '500']);
    expect(again.rows.find((r) => r.domain === domain)?.siteKind).toBe('other');

    const bad = await parallax(['sources', 'kind', domain, 'blog']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/KIND "blog" must be one of own, competitor/);
  });
});

describe('parallax sources --gaps', () => {
  it('leaves competitors’ own sites out of the gaps and lists them apart', async () => {
    const gaps = await json<GapsJson>(['sources', '--gaps', '--limit', '500']);
    expect(gaps.brand).toBe('Veloxa');
    expect(gaps.competitorSites.length).toBeGreaterThan(0);
    for (const g of gaps.competitorSites) expect(g.siteKind).toBe('competitor');
    for (const g of gaps.rows) {
      expect(['own', 'competitor']).not.toContain(g.siteKind);
      expect(g.focusCitedElsewhere).toBe(false);
      expect(g.answers).toBeGreaterThanOrEqual(gaps.minAnswers);
    }
    for (const g of gaps.partialGaps) expect(g.focusCitedElsewhere).toBe(true);
    for (const g of gaps.thinGaps) expect(g.answers).toBeLessThan(gaps.minAnswers);
  });

  it('gives the client report’s lists for the same monitor and period', async () => {
    const cli = await json<GapsJson>([
      'sources',
      '--gaps',
      '--monitor',
      MONITOR,
      '--since',
      '30d',
      '--limit',
      '15',
    ]);
    const store = openHistory({ path: db, readonly: true });
    try {
      const monitor = store.listMonitors().find((m) => m.name === MONITOR);
      expect(monitor).toBeDefined();
      const visibility = createVisibilityService({ store, now: Date.now });
      const report = collectReport(
        { store, visibility, now: Date.now },
        { monitorId: monitor?.id as string, period: { days: 30 } },
      );
      const domains = (list: ReadonlyArray<{ domain: string }> | undefined) => list?.map((g) => g.domain);
      expect(report.gaps?.gapAnswers).toBe(cli.gapAnswers);
      expect(domains(report.gaps?.gaps)).toEqual(domains(cli.rows));
      expect(domains(report.gaps?.partialGaps)).toEqual(domains(cli.partialGaps));
      expect(domains(report.gaps?.competitorSites)).toEqual(domains(cli.competitorSites));
      expect(report.gaps?.gaps.map((g) => g.gapAnswers.k)).toEqual(cli.rows.map((g) => g.answers));
      expect(cli.competitorSites.length + cli.partialGaps.length).toBeGreaterThan(0);
    } finally {
      store.close();
    }
  });
});
