// The errors of Google's side, apart from the clients so a caller can tell them without loading them.

/** A credentials file that is not what it should be: the one-line reason, never the file's text. */
export class GoogleCredentialsError extends Error {
  override readonly name = 'GoogleCredentialsError';
}

/** The browser sign-in did not end with a refresh token. */
export class GoogleSignInError extends Error {
  override readonly name = 'GoogleSignInError';
}

/** Connecting or pulling failed: usage, missing credentials, or Google's API refusing. */
export class GoogleConnectError extends Error {
  override readonly name = 'GoogleConnectError';
}
