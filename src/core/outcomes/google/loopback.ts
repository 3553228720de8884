import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CodeChallengeMethod, OAuth2Client } from 'google-auth-library';
import type { OAuthClientFile } from './credentials';
import { GoogleSignInError } from './errors';

// Google's sign-in for desktop apps: a one-shot server on 127.0.0.1 (a free port) receives the
// browser's redirect with the authorization code; PKCE and a random state tie the code to this
// request; the code is exchanged at the client file's token endpoint for a refresh token.

export interface LoopbackOptions {
  client: OAuthClientFile;
  scopes: readonly string[];
  /** Shows the analyst the address to open (the CLI prints it). */
  open: (url: string) => void | Promise<void>;
  /** How long to wait for the browser (default five minutes). */
  timeoutMs?: number;
}

const DONE_PAGE = 'Parallax is connected. You can close this tab and go back to Parallax.';

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

/** Waits for the redirect carrying `state`; resolves with its code. */
function awaitCode(server: Server, state: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new GoogleSignInError('no answer from the browser in time: run connect again')),
      timeoutMs,
    );
    server.on('request', (req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (url.pathname !== '/') {
        res.writeHead(404).end();
        return;
      }
      const error = url.searchParams.get('error');
      const ok = error === null && url.searchParams.get('state') === state && url.searchParams.has('code');
      res.writeHead(ok ? 200 : 400, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(ok ? DONE_PAGE : 'Parallax was not connected. Go back to Parallax for why.');
      clearTimeout(timer);
      if (error !== null) reject(new GoogleSignInError(`Google refused the sign-in (${error})`));
      else if (!ok) reject(new GoogleSignInError('the sign-in answer did not match this request'));
      else resolve(url.searchParams.get('code') as string);
    });
  });
}

/** The code exchanged at the token endpoint; a refusal becomes one line (its status, no secret). */
async function exchange(
  oauth: OAuth2Client,
  options: { code: string; codeVerifier: string; redirect_uri: string },
): Promise<{ refresh_token?: string | null }> {
  try {
    return (await oauth.getToken(options)).tokens;
  } catch (err) {
    const status = (err as { response?: { status?: number } }).response?.status;
    throw new GoogleSignInError(
      `the token endpoint refused the sign-in${status !== undefined ? ` (${status})` : ''}: run connect again`,
      { cause: err },
    );
  }
}

/** Runs the sign-in; resolves with the refresh token Google issued. */
export async function signInLoopback(options: LoopbackOptions): Promise<string> {
  const server = createServer();
  try {
    const port = await listen(server);
    const redirectUri = `http://127.0.0.1:${port}`;
    const oauth = new OAuth2Client({
      clientId: options.client.clientId,
      clientSecret: options.client.clientSecret,
      redirectUri,
      endpoints: { oauth2AuthBaseUrl: options.client.authUri, oauth2TokenUrl: options.client.tokenUri },
    });
    const { codeVerifier, codeChallenge } = await oauth.generateCodeVerifierAsync();
    const state = randomBytes(16).toString('hex');
    const code = awaitCode(server, state, options.timeoutMs ?? 300_000);
    await options.open(
      oauth.generateAuthUrl({
        access_type: 'offline',
        prompt: 'consent',
        scope: [...options.scopes],
        state,
        code_challenge: codeChallenge,
        code_challenge_method: CodeChallengeMethod.S256,
      }),
    );
    const tokens = await exchange(oauth, { code: await code, codeVerifier, redirect_uri: redirectUri });
    if (!tokens.refresh_token)
      throw new GoogleSignInError('Google returned no refresh token: run connect again');
    return tokens.refresh_token;
  } finally {
    server.closeAllConnections();
    server.close();
  }
}
