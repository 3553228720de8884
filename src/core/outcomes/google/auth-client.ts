import { JWT, OAuth2Client } from 'google-auth-library';
import type { StoredCredentials } from './credentials';

// The signed-in client the official API clients are handed, built from what the keychain keeps:
// the OAuth client with its refresh token (access tokens are fetched from its token endpoint
// as needed), or the service account, which signs its own short-lived tokens.

export const SCOPES = {
  ga4: ['https://www.googleapis.com/auth/analytics.readonly'],
  gsc: ['https://www.googleapis.com/auth/webmasters.readonly'],
} as const;

export type GoogleKind = keyof typeof SCOPES;

export function authClientOf(credentials: StoredCredentials, kind: GoogleKind): OAuth2Client | JWT {
  if (credentials.type === 'oauth') {
    const client = new OAuth2Client({
      clientId: credentials.clientId,
      clientSecret: credentials.clientSecret,
      endpoints: { oauth2AuthBaseUrl: credentials.authUri, oauth2TokenUrl: credentials.tokenUri },
    });
    client.setCredentials({ refresh_token: credentials.refreshToken });
    return client;
  }
  const jwt = new JWT({
    email: credentials.clientEmail,
    key: credentials.privateKey,
    ...(credentials.privateKeyId !== null ? { keyId: credentials.privateKeyId } : {}),
    scopes: [...SCOPES[kind]],
  });
  // A self-signed token carrying the scope: no token endpoint is called.
  jwt.useJWTAccessWithScope = true;
  return jwt;
}
