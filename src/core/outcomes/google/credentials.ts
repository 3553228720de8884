import { readFileSync } from 'node:fs';
import { GoogleCredentialsError } from './errors';

// The two ways the analyst lets Parallax read Google's APIs, read from the files Google gives:
// a desktop OAuth client (Google Cloud console → Credentials → OAuth client ID → Desktop app,
// "Download JSON") for the loopback sign-in, or a service account's key file. What is kept
// after connecting (the refresh token with its client, or the service account's key) goes to
// the keychain as one JSON text: never a file Parallax writes, never a log.

export interface OAuthClientFile {
  clientId: string;
  clientSecret: string;
  authUri: string;
  tokenUri: string;
}

export interface ServiceAccountFile {
  clientEmail: string;
  privateKey: string;
  privateKeyId: string | null;
}

/** What the keychain keeps per connection. */
export type StoredCredentials =
  | ({ type: 'oauth'; refreshToken: string } & OAuthClientFile)
  | ({ type: 'service-account' } & ServiceAccountFile);

function readJson(path: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new GoogleCredentialsError(
      `cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? 'unreadable'})`,
    );
  }
  try {
    const value: unknown = JSON.parse(text);
    if (value !== null && typeof value === 'object' && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // Reported below, without the file's text (it holds a secret).
  }
  throw new GoogleCredentialsError(`${path} is not a JSON object`);
}

function field(obj: Record<string, unknown>, name: string, path: string): string {
  const value = obj[name];
  if (typeof value !== 'string' || value.trim() === '')
    throw new GoogleCredentialsError(`${path}: "${name}" is missing`);
  return value;
}

/** A desktop (or web) OAuth client file as Google's console downloads it. */
export function readOAuthClientFile(path: string): OAuthClientFile {
  const json = readJson(path);
  const inner = (json.installed ?? json.web) as Record<string, unknown> | undefined;
  if (!inner || typeof inner !== 'object')
    throw new GoogleCredentialsError(
      `${path}: not an OAuth client file (no "installed" section): download the Desktop app client's JSON`,
    );
  return {
    clientId: field(inner, 'client_id', path),
    clientSecret: field(inner, 'client_secret', path),
    authUri:
      typeof inner.auth_uri === 'string' ? inner.auth_uri : 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUri: typeof inner.token_uri === 'string' ? inner.token_uri : 'https://oauth2.googleapis.com/token',
  };
}

/** A service account's key file. */
export function readServiceAccountFile(path: string): ServiceAccountFile {
  const json = readJson(path);
  if (json.type !== 'service_account')
    throw new GoogleCredentialsError(
      `${path}: not a service account key file ("type" is not "service_account")`,
    );
  return {
    clientEmail: field(json, 'client_email', path),
    privateKey: field(json, 'private_key', path),
    privateKeyId: typeof json.private_key_id === 'string' ? json.private_key_id : null,
  };
}

/** The stored JSON read back; null when it is not what connect wrote. */
export function parseStoredCredentials(text: string | null): StoredCredentials | null {
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as StoredCredentials;
    if (value.type === 'oauth' && typeof value.refreshToken === 'string') return value;
    if (value.type === 'service-account' && typeof value.privateKey === 'string') return value;
  } catch {
    // Not ours: treated as no credentials.
  }
  return null;
}
