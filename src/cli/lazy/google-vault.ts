// Loaded on demand by `parallax outcomes connect|pull|disconnect`: the keychain entry of a Google connection.
export { createKeychainSecretStore } from '../../core/platform';
