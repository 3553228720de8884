import { createHash, createPublicKey, createVerify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in of Google's side, on 127.0.0.1: the authorization server's token endpoint
// (authorization code with PKCE, refresh token), the GA4 Data API's runReport (REST) and Search
// Console's searchAnalytics.query. It checks what the real ones would refuse (the PKCE verifier,
// the client, a bearer token it issued or a service account's signed token) and records each call.

export interface StandInCall {
  path: string;
  body: Record<string, unknown>;
  authorization: string;
}

export interface StandIn {
  url: string;
  port: number;
  calls: StandInCall[];
  /** The PKCE challenge and client the sign-in address carried, as the browser would pass them on. */
  expectChallenge(challenge: string): void;
  /** A service account's public key (PEM) whose signed tokens the APIs accept. */
  trustServiceAccount(email: string, publicKeyPem: string): void;
  close(): Promise<void>;
}

export const CLIENT = { id: 'client-123.apps.googleusercontent.com', secret: 'desktop-secret' };
export const ISSUED = {
  code: 'auth-code-1',
  access: 'access-1',
  refresh: 'refresh-1',
  refreshed: 'access-2',
};

export interface ApiData {
  ga4Rows: Array<{ dimensionValues: Array<{ value: string }>; metricValues: Array<{ value: string }> }>;
  gscRows: {
    query: Array<{ keys: string[]; clicks: number; impressions: number }>;
    page: Array<{ keys: string[]; clicks: number; impressions: number }>;
  };
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += (chunk as Buffer).toString('utf8');
  return text;
}

const send = (res: ServerResponse, status: number, value: unknown): void => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
};

const b64url = (b: Buffer): string => b.toString('base64url');

/** A service account's self-signed token: verified against its public key. */
function signedBy(token: string, keys: ReadonlyMap<string, string>): boolean {
  const [head, payload, signature] = token.split('.');
  if (!head || !payload || !signature) return false;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
    iss?: string;
    scope?: string;
  };
  const pem = keys.get(claims.iss ?? '');
  if (!pem) return false;
  const verify = createVerify('RSA-SHA256');
  verify.update(`${head}.${payload}`);
  return verify.verify(createPublicKey(pem), Buffer.from(signature, 'base64url'));
}

export async function startStandIn(data: ApiData): Promise<StandIn> {
  const calls: StandInCall[] = [];
  let challenge = '';
  const accounts = new Map<string, string>();
  const authorized = (auth: string): boolean => {
    const token = auth.replace(/^Bearer /, '');
    return token === ISSUED.access || token === ISSUED.refreshed || signedBy(token, accounts);
  };

  const token = (form: URLSearchParams, res: ServerResponse): void => {
    if (form.get('client_id') !== CLIENT.id || form.get('client_secret') !== CLIENT.secret)
      return send(res, 401, { error: 'invalid_client' });
    if (form.get('grant_type') === 'authorization_code') {
      const verifier = form.get('code_verifier') ?? '';
      const ok =
        form.get('code') === ISSUED.code &&
        b64url(createHash('sha256').update(verifier).digest()) === challenge;
      if (!ok) return send(res, 400, { error: 'invalid_grant' });
      return send(res, 200, {
        access_token: ISSUED.access,
        refresh_token: ISSUED.refresh,
        expires_in: 3600,
        token_type: 'Bearer',
      });
    }
    if (form.get('grant_type') === 'refresh_token' && form.get('refresh_token') === ISSUED.refresh)
      return send(res, 200, { access_token: ISSUED.refreshed, expires_in: 3600, token_type: 'Bearer' });
    return send(res, 400, { error: 'invalid_grant' });
  };

  const server: Server = createServer((req, res) => {
    void bodyOf(req).then((text) => {
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
      if (path === '/token') return token(new URLSearchParams(text), res);
      const authorization = req.headers.authorization ?? '';
      const body = (text === '' ? {} : JSON.parse(text)) as Record<string, unknown>;
      calls.push({ path: decodeURIComponent(path), body, authorization });
      if (!authorized(authorization))
        return send(res, 401, {
          error: {
            code: 401,
            message: 'Request had invalid authentication credentials.',
            status: 'UNAUTHENTICATED',
          },
        });
      if (path.endsWith(':runReport')) {
        const offset = Number(body.offset ?? 0);
        return send(res, 200, { rows: data.ga4Rows.slice(offset), rowCount: data.ga4Rows.length });
      }
      if (path.endsWith('/searchAnalytics/query')) {
        const dims = body.dimensions as string[];
        return send(res, 200, { rows: dims[1] === 'page' ? data.gscRows.page : data.gscRows.query });
      }
      return send(res, 404, { error: { code: 404, message: 'not here' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    calls,
    expectChallenge: (c) => void (challenge = c),
    trustServiceAccount: (email, pem) => void accounts.set(email, pem),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
