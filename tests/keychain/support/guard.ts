/**
 * The keychain tests write to the Secret Service of the session they run in: only ever a
 * throwaway one. run-in-keyring.sh sets this variable inside its private D-Bus session.
 */
export function requireThrowawayKeyring(): void {
  if (process.env['PARALLAX_THROWAWAY_KEYRING'] !== '1') {
    throw new Error(
      'The keychain tests only run inside a throwaway keyring: use tests/keychain/run-in-keyring.sh, not npm run test:keychain directly.',
    );
  }
}
