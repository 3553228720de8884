import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHistory, type HistoryStore } from '../../../src/core/history';
import { connectGoogle, pullGoogle, type GoogleDeps, type GoogleVault } from '../../../src/core/outcomes';
import { CLIENT, ISSUED, startStandIn, type StandIn } from './google-stand-in';

// Connecting GA4 and Search Console: Google's official clients (the GA4 Data API client over its
// REST transport, Search Console's googleapis client) and google-auth-library's OAuth client,
// run for real against a stand-in of Google's side on 127.0.0.1. The browser's part of the
// loopback sign-in is played by the test: it reads the sign-in address, checks it, and follows
// the redirect to Parallax's one-shot server with the code.

const NOW = Date.UTC(2026, 10, 29, 12);
let dir = '';
let store: HistoryStore;
let api: StandIn;
const kept = new Map<string, string>();
const vault: GoogleVault = {
  get: async (kind) => kept.get(kind) ?? null,
  set: async (kind, text) => void kept.set(kind, text),
  delete: async (kind) => kept.delete(kind),
};

const ga4Row = (
  date: string,
  source: string,
  medium: string,
  page: string,
  sessions: number,
  events: number,
) => ({
  dimensionValues: [{ value: date }, { value: source }, { value: medium }, { value: page }],
  metricValues: [{ value: String(sessions) }, { value: String(events) }],
});

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parallax-google-'));
  store = openHistory({ path: join(dir, 'history.db'), now: () => NOW });
  api = await startStandIn({
    ga4Rows: [
      ga4Row('20261120', 'chatgpt.com', 'referral', '/pricing', 12, 2),
      ga4Row('20261121', 'perplexity.ai', 'referral', '/blog', 4, 0),
      ga4Row('20261121', 'google', 'organic', '/', 300, 9),
    ],
    gscRows: {
      query: [{ keys: ['2026-11-20', 'how do i choose a crm'], clicks: 3, impressions: 120 }],
      page: [{ keys: ['2026-11-20', 'https://acme.test/pricing'], clicks: 3, impressions: 90 }],
    },
  });
});

afterAll(async () => {
  store.close();
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

const deps = (): GoogleDeps => ({
  store,
  now: () => NOW,
  vault,
  endpoints: { ga4: { host: '127.0.0.1', port: api.port, protocol: 'http' }, gscRootUrl: `${api.url}/` },
});

/** The browser: checks the sign-in address, then follows the redirect with the code. */
async function browser(address: string): Promise<void> {
  const url = new URL(address);
  expect(`${url.origin}${url.pathname}`).toBe(`${api.url}/auth`);
  expect(url.searchParams.get('client_id')).toBe(CLIENT.id);
  expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  expect(url.searchParams.get('access_type')).toBe('offline');
  expect(url.searchParams.get('scope')).toBe('https://www.googleapis.com/auth/analytics.readonly');
  api.expectChallenge(url.searchParams.get('code_challenge') as string);
  const back = new URL(url.searchParams.get('redirect_uri') as string);
  expect(back.hostname).toBe('127.0.0.1');
  back.searchParams.set('code', ISSUED.code);
  back.searchParams.set('state', url.searchParams.get('state') as string);
  // Not awaited here: Parallax answers the browser only after it has the code, and the test's
  // open() must return first so the flow goes on (a real browser is another process).
  void fetch(back).then((r) => r.text());
}

describe('connecting GA4 with the loopback sign-in', () => {
  it('signs in, keeps the refresh token in the vault only, and pulls the AI-referred rows', async () => {
    const clientFile = join(dir, 'client.json');
    writeFileSync(
      clientFile,
      JSON.stringify({
        installed: {
          client_id: CLIENT.id,
          client_secret: CLIENT.secret,
          auth_uri: `${api.url}/auth`,
          token_uri: `${api.url}/token`,
        },
      }),
    );
    const report = await connectGoogle(deps(), {
      kind: 'ga4',
      property: '123456',
      clientFile,
      open: browser,
      days: 30,
    });
    expect(report.tables.traffic).toEqual({ added: 2, replaced: 0, superseded: 0 });
    expect(report.notAi).toBe(1);
    expect(report.period).toEqual({ from: '2026-10-31', to: '2026-11-29' });
    const call = api.calls.find((c) => c.path.endsWith(':runReport'));
    expect(call?.path).toBe('/v1beta/properties/123456:runReport');
    // Only the refresh token is kept: the pull asks the token endpoint for an access token.
    expect(call?.authorization).toBe(`Bearer ${ISSUED.refreshed}`);
    expect(call?.body.dateRanges).toEqual([{ startDate: '2026-10-31', endDate: '2026-11-29' }]);
    expect(JSON.parse(kept.get('ga4') as string)).toMatchObject({
      type: 'oauth',
      refreshToken: ISSUED.refresh,
    });
    for (const file of readdirSync(dir).filter((f) => f.startsWith('history.db')))
      expect(readFileSync(join(dir, file)).includes(ISSUED.refresh)).toBe(false);
    expect(store.outcomeConnections()).toEqual([
      { kind: 'ga4', property: '123456', auth: 'oauth', connectedAt: NOW, pulledAt: NOW, pullError: null },
    ]);
    expect(store.outcomeTraffic().map((t) => [t.referrer, t.engine, t.landingPage, t.sessions])).toEqual([
      ['chatgpt', 'assistant-a', '/pricing', 12],
      ['perplexity', 'assistant-b', '/blog', 4],
    ]);
  });

  it('pulls again later with the refresh token alone (a new access token from the token endpoint)', async () => {
    const before = api.calls.length;
    const report = await pullGoogle(deps(), 'ga4', 30);
    expect(report.tables.traffic).toEqual({ added: 0, replaced: 2, superseded: 0 });
    expect(api.calls.slice(before).map((c) => c.authorization)).toEqual([`Bearer ${ISSUED.refreshed}`]);
  });

  it('records a refusal on the connection and says it in one line', async () => {
    kept.set('ga4', JSON.stringify({ ...JSON.parse(kept.get('ga4') as string), refreshToken: 'revoked' }));
    await expect(pullGoogle(deps(), 'ga4', 30)).rejects.toThrow(
      /Google's API refused or could not be reached/,
    );
    expect(store.outcomeConnections()[0]?.pullError).toMatch(/refused/);
  });
});

describe('connecting Search Console with a service account', () => {
  it('signs its own token, which the API stand-in verifies, and stores queries and pages per day', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const email = 'reader@acme-project.iam.gserviceaccount.com';
    api.trustServiceAccount(email, publicKey.export({ type: 'spki', format: 'pem' }) as string);
    const keyFile = join(dir, 'sa.json');
    writeFileSync(
      keyFile,
      JSON.stringify({
        type: 'service_account',
        client_email: email,
        private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
        private_key_id: 'k1',
      }),
    );
    const report = await connectGoogle(deps(), {
      kind: 'gsc',
      property: 'sc-domain:acme.test',
      serviceAccountFile: keyFile,
      open: () => expect.fail('a service account opens no browser'),
      days: 10,
    });
    expect(report.tables).toEqual({
      queries: { added: 1, replaced: 0, superseded: 0 },
      pages: { added: 1, replaced: 0, superseded: 0 },
    });
    const calls = api.calls.filter((c) => c.path.includes('searchAnalytics'));
    expect(calls.map((c) => c.path)).toEqual([
      '/webmasters/v3/sites/sc-domain:acme.test/searchAnalytics/query',
      '/webmasters/v3/sites/sc-domain:acme.test/searchAnalytics/query',
    ]);
    expect(calls.map((c) => (c.body.dimensions as string[])[1])).toEqual(['query', 'page']);
    expect(store.outcomeQueries()).toEqual([
      { origin: 'gsc', query: 'how do i choose a crm', clicks: 3, impressions: 120, citations: null },
    ]);
  });

  it('refuses a file that is no service account key, naming why', async () => {
    const bad = join(dir, 'not-sa.json');
    writeFileSync(bad, JSON.stringify({ type: 'authorized_user' }));
    await expect(
      connectGoogle(deps(), {
        kind: 'gsc',
        property: 'sc-domain:acme.test',
        serviceAccountFile: bad,
        open: () => undefined,
      }),
    ).rejects.toThrow(/not a service account key file/);
  });
});
