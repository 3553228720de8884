// Google's APIs through their official clients: sign-in, credentials in the keychain, pulls.

export { SCOPES, type GoogleKind } from './auth-client';
export {
  connectGoogle,
  disconnectGoogle,
  GoogleConnectError,
  pullGoogle,
  type ConnectInput,
  type GoogleDeps,
  type GoogleVault,
  type PullReport,
} from './connect';
export { GoogleCredentialsError } from './credentials';
export type { GoogleEndpoints } from './endpoints';
export { GoogleSignInError } from './loopback';
