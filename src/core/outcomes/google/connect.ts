import type { HistoryStore, OutcomeWriteCounts } from '../../history';
import { isoOfDay } from '../imports';
import { authClientOf, SCOPES, type GoogleKind } from './auth-client';
import {
  parseStoredCredentials,
  readOAuthClientFile,
  readServiceAccountFile,
  type StoredCredentials,
} from './credentials';
import type { GoogleEndpoints } from './endpoints';
import { GoogleConnectError } from './errors';
import { pullGa4 } from './ga4-pull';
import { pullGsc } from './gsc-pull';
import { signInLoopback } from './loopback';

// `parallax outcomes connect ga4|gsc`: sign in (the loopback flow with the analyst's own OAuth
// client, or a service account), keep the credentials in the keychain, record the connection
// in the history, and pull the last days through the official client. `pull` does it again
// with what the keychain keeps.

/** Where each connection's credentials live: one keychain entry per kind. */
export interface GoogleVault {
  get(kind: GoogleKind): Promise<string | null>;
  set(kind: GoogleKind, text: string): Promise<void>;
  delete(kind: GoogleKind): Promise<boolean>;
}

export interface GoogleDeps {
  store: HistoryStore;
  now: () => number;
  vault: GoogleVault;
  endpoints?: GoogleEndpoints;
}

export interface ConnectInput {
  kind: GoogleKind;
  /** GA4: the property id; Search Console: the site as it names it (https://…/ or sc-domain:…). */
  property: string;
  clientFile?: string;
  serviceAccountFile?: string;
  /** Shows the sign-in address (OAuth only). */
  open: (url: string) => void | Promise<void>;
  /** Days to pull, ending today (default 90). */
  days?: number;
}

export interface PullReport {
  kind: GoogleKind;
  property: string;
  period: { from: string; to: string };
  tables: Partial<Record<'traffic' | 'queries' | 'pages', OutcomeWriteCounts>>;
  /** GA4: rows of sources no AI engine's, not stored. */
  notAi: number;
}

const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 90;

async function credentialsFor(input: ConnectInput): Promise<StoredCredentials> {
  if ((input.clientFile === undefined) === (input.serviceAccountFile === undefined))
    throw new GoogleConnectError(
      'name one of --client-file (your OAuth desktop client) or --service-account (a key file)',
    );
  if (input.serviceAccountFile !== undefined)
    return { type: 'service-account', ...readServiceAccountFile(input.serviceAccountFile) };
  const client = readOAuthClientFile(input.clientFile as string);
  const refreshToken = await signInLoopback({ client, scopes: SCOPES[input.kind], open: input.open });
  return { type: 'oauth', ...client, refreshToken };
}

/** An API's refusal or a network failure as one line, without tokens or keys. */
function pullFailure(err: unknown): GoogleConnectError {
  const e = err as {
    status?: number;
    code?: number | string;
    response?: { status?: number };
    message?: string;
  };
  const status = e.response?.status ?? e.status ?? e.code;
  const text = (e.message ?? String(err)).split('\n')[0]?.slice(0, 300) ?? '';
  return new GoogleConnectError(
    `Google's API refused or could not be reached${status !== undefined ? ` (${status})` : ''}: ${text}`,
  );
}

export async function pullGoogle(
  deps: GoogleDeps,
  kind: GoogleKind,
  days = DEFAULT_DAYS,
): Promise<PullReport> {
  const connection = deps.store.outcomeConnections().find((c) => c.kind === kind);
  if (!connection)
    throw new GoogleConnectError(
      `${kind} is not connected: run \`parallax outcomes connect ${kind} --property …\``,
    );
  const credentials = parseStoredCredentials(await deps.vault.get(kind));
  if (!credentials)
    throw new GoogleConnectError(
      `no ${kind} credentials in the keychain: run \`parallax outcomes connect ${kind}\` again`,
    );
  const toDay = Math.floor(deps.now() / DAY_MS);
  const fromDay = toDay - days + 1;
  const auth = authClientOf(credentials, kind);
  const common = { auth, fromDay, toDay, ...(deps.endpoints ? { endpoints: deps.endpoints } : {}) };
  const report: PullReport = {
    kind,
    property: connection.property,
    period: { from: isoOfDay(fromDay), to: isoOfDay(toDay) },
    tables: {},
    notAi: 0,
  };
  try {
    if (kind === 'ga4') {
      const got = await pullGa4({ ...common, property: connection.property });
      report.notAi = got.notAi;
      report.tables.traffic = deps.store.writeOutcomes({
        origin: 'ga4',
        site: connection.property,
        traffic: got.rows,
      });
    } else {
      const got = await pullGsc({ ...common, siteUrl: connection.property });
      report.tables.queries = deps.store.writeOutcomes({
        origin: 'gsc',
        site: connection.property,
        queries: got.queries,
      });
      report.tables.pages = deps.store.writeOutcomes({
        origin: 'gsc',
        site: connection.property,
        pages: got.pages,
      });
    }
  } catch (err) {
    const failure = pullFailure(err);
    deps.store.saveOutcomeConnection({ ...connection, pullError: failure.message });
    throw failure;
  }
  deps.store.saveOutcomeConnection({ ...connection, pulledAt: deps.now(), pullError: null });
  return report;
}

/** Signs in, keeps the credentials in the keychain, records the connection, then pulls. */
export async function connectGoogle(deps: GoogleDeps, input: ConnectInput): Promise<PullReport> {
  const property = input.property.trim();
  if (property === '') throw new GoogleConnectError('--property is empty');
  // The keychain answers before the browser is sent anywhere: a sign-in with nowhere to keep
  // its token would be lost.
  await deps.vault.get(input.kind);
  const credentials = await credentialsFor(input);
  await deps.vault.set(input.kind, JSON.stringify(credentials));
  deps.store.saveOutcomeConnection({
    kind: input.kind,
    property,
    auth: credentials.type,
    connectedAt: deps.now(),
    pulledAt: null,
    pullError: null,
  });
  return pullGoogle(deps, input.kind, input.days);
}

/** Forgets a connection: its keychain entry and its record (the rows pulled stay). */
export async function disconnectGoogle(deps: GoogleDeps, kind: GoogleKind): Promise<boolean> {
  const hadSecret = await deps.vault.delete(kind);
  return deps.store.deleteOutcomeConnection(kind) || hadSecret;
}
