// Google's APIs through their official clients: sign-in, credentials in the keychain, pulls.

export { SCOPES, type GoogleKind } from './auth-client';
export {
  connectGoogle,
  disconnectGoogle,
  pullGoogle,
  type ConnectInput,
  type GoogleDeps,
  type GoogleVault,
  type PullReport,
} from './connect';
export { GoogleConnectError, GoogleCredentialsError, GoogleSignInError } from './errors';
export type { GoogleEndpoints } from './endpoints';
