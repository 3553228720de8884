// What to tell a user whose machine has no reachable keychain. Kept apart from the
// keychain code so the CLI, the app and the tests show the same words.

/** How to get a keychain on this platform, in a few plain sentences. */
export function keychainHelp(platform: NodeJS.Platform): string {
  if (platform === 'linux') {
    return [
      'Parallax keeps the API key in the Secret Service (the desktop keyring), and none answered on D-Bus.',
      'Install and unlock a keyring: GNOME Keyring (`sudo apt install gnome-keyring`), KWallet,',
      'or KeePassXC with its Secret Service integration turned on, in a session with a D-Bus session bus',
      '(DBUS_SESSION_BUS_ADDRESS set; desktop sessions have one, on a headless machine start one with',
      "`dbus-run-session -- sh -c 'echo -n <password> | gnome-keyring-daemon --unlock --components=secrets; parallax key set'`).",
      'For scripts and CI, set PARALLAX_API_KEY in the environment instead.',
    ].join(' ');
  }
  if (platform === 'darwin') {
    return 'Parallax keeps the API key in the macOS Keychain, which did not answer. Unlock your login keychain in Keychain Access and try again, or set PARALLAX_API_KEY in the environment.';
  }
  if (platform === 'win32') {
    return 'Parallax keeps the API key in the Windows Credential Manager, which did not answer. Sign in to a normal user session and try again, or set PARALLAX_API_KEY in the environment.';
  }
  return `Parallax has no keychain support on ${platform}. Set PARALLAX_API_KEY in the environment instead.`;
}

/** How to unlock this platform's keychain, when there is one and it is locked. */
export function keychainUnlockHelp(platform: NodeJS.Platform): string {
  if (platform === 'linux')
    return 'Unlock the login keyring (in Passwords and Keys / Seahorse, KWallet or KeePassXC, or by answering its unlock prompt), then try again; for scripts and CI, set PARALLAX_API_KEY instead.';
  if (platform === 'darwin')
    return 'Unlock your login keychain in Keychain Access (or answer its prompt), then try again; or set PARALLAX_API_KEY in the environment.';
  if (platform === 'win32')
    return 'Sign in to your normal user session so the Credential Manager is available, then try again; or set PARALLAX_API_KEY in the environment.';
  return keychainHelp(platform);
}

/** The first line of a native error, without stack or nested causes, for the `reason` field. */
export function shortReason(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  const line = text.split('\n')[0] ?? '';
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}
