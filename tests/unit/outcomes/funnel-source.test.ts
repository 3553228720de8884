import { describe, expect, it } from 'vitest';
import type { SharedFunnelWriter } from '../../../src/core/history';
import { pickSites, planFunnelSources, type TeamSitePick } from '../../../src/core/outcomes';

// Whose figures a funnel reads: without a choice, this computer's when it imported anything,
// else the team's; per site one source, never two added together: a site two teammates share
// is read from the one who sent last, and `all` reads this computer's sites from its imports.

const NONE = { logs: false, traffic: false };
const writer = (mark: string, storedAt: number): SharedFunnelWriter => ({
  writer: mark,
  sharer: mark.split('/')[0] as string,
  rows: 1,
  storedAt,
  pulledAt: 50,
});
const WRITERS = [writer('ana/h1', 20), writer('ben/h2', 30), writer('cy/h3', 10)];
const HELD = [
  { writer: 'ana/h1', site: 'acme.example', rows: 4 },
  { writer: 'ben/h2', site: 'acme.example', rows: 3 },
  { writer: 'cy/h3', site: 'acme.example', rows: 9 },
  { writer: 'ana/h1', site: 'beta.example', rows: 2 },
];
const SITES: TeamSitePick[] = pickSites(HELD, WRITERS);
const facts = (own = NONE, ownSites: string[] = []) => ({
  own,
  ownSites,
  teamSites: SITES,
  sharers: [{ name: 'ana', sharedAt: 20, pulledAt: 50 }],
});

describe('the funnel’s source', () => {
  it('reads a site two teammates share from the one who sent last, naming the others, and adds different sites', () => {
    expect(SITES).toEqual([
      {
        site: 'acme.example',
        writer: 'ben/h2',
        sharer: 'ben',
        storedAt: 30,
        pulledAt: 50,
        notAdded: ['ana', 'cy'],
      },
      { site: 'beta.example', writer: 'ana/h1', sharer: 'ana', storedAt: 20, pulledAt: 50, notAdded: [] },
    ]);
  });

  it('defaults to this computer’s imports when it has any, else to the team’s totals', () => {
    expect(planFunnelSources(undefined, facts({ logs: true, traffic: false }, ['acme.example'])).source).toBe(
      'mine',
    );
    const team = planFunnelSources(undefined, facts());
    expect(team).toMatchObject({ source: 'team', crawledFrom: 'team', referredFrom: 'team' });
    expect(team.teamPicks.map((p) => [p.site, p.writer])).toEqual([
      ['acme.example', 'ben/h2'],
      ['beta.example', 'ana/h1'],
    ]);
    expect(team.sharers.map((s) => s.name)).toEqual(['ben', 'ana']);
    // Nobody shares either: this computer's (empty) funnel says what to import.
    expect(planFunnelSources(undefined, { ...facts(), sharers: [] }).source).toBe('mine');
  });

  it('narrows the shared sites to the site asked for, typed as a host or a URL', () => {
    const plan = planFunnelSources('team', facts(), 'https://Beta.example/');
    expect(plan.teamPicks.map((p) => p.site)).toEqual(['beta.example']);
    expect(plan.sites).toEqual([
      { site: 'beta.example', from: 'team', sharer: 'ana', sharedAt: 20, notAdded: [] },
    ]);
    expect(planFunnelSources('team', facts(), 'gamma.example').teamPicks).toEqual([]);
  });

  it('with all, reads per site one source: this computer’s sites from its imports, the others from the team', () => {
    const plan = planFunnelSources('all', facts({ logs: false, traffic: true }, ['ACME.example']));
    expect(plan.sites.map((s) => [s.site, s.from])).toEqual([
      ['acme.example', 'mine'],
      ['beta.example', 'team'],
    ]);
    expect(plan.teamPicks.map((p) => p.site)).toEqual(['beta.example']);
    expect(plan).toMatchObject({ crawledFrom: 'team', referredFrom: 'team' });
    // Every shared site is one of its own: all is its own figures alone.
    const own = planFunnelSources(
      'all',
      facts({ logs: true, traffic: true }, ['acme.example', 'beta.example']),
    );
    expect(own).toMatchObject({ crawledFrom: 'mine', referredFrom: 'mine', teamPicks: [], sharers: [] });
  });

  it('keeps an explicit mine or team whatever is imported', () => {
    expect(planFunnelSources('team', facts({ logs: true, traffic: true }, ['acme.example']))).toMatchObject({
      crawledFrom: 'team',
      referredFrom: 'team',
    });
    expect(planFunnelSources('mine', facts())).toMatchObject({
      crawledFrom: 'mine',
      referredFrom: 'mine',
      teamPicks: [],
    });
  });
});
