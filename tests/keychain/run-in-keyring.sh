#!/usr/bin/env bash
# Runs the keychain tests (npm run test:keychain) against a real Secret Service: a private
# D-Bus session with a throwaway gnome-keyring, unlocked with a dummy password, whose files
# live in a temp folder, so no real keyring of this machine is ever read or written.
# Needs Debian's gnome-keyring, dbus, libsecret-1-0 and libglib2.0-bin (gdbus; .ci/run installs them).
# Extra arguments go to vitest, e.g. tests/keychain/run-in-keyring.sh -t 'round trip'.
set -euo pipefail
cd "$(dirname "$0")/../.."

# The Secret Service is the Linux keychain; macOS Keychain and Windows Credential Manager
# cannot be stood up in a throwaway session, so elsewhere these tests are skipped.
if [ "$(uname -s)" != "Linux" ]; then
  echo "run-in-keyring: skipped (the throwaway keychain needs Linux's Secret Service)"
  exit 0
fi

# The Secret Service tools: dbus-run-session (a private session bus), gnome-keyring-daemon and
# gdbus (locks the keyring in the locked-keychain test).
# When one is missing, say which and the exact command that installs them on this distribution.
missing=()
for bin in dbus-run-session gnome-keyring-daemon gdbus; do
  command -v "$bin" >/dev/null 2>&1 || missing+=("$bin")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=''; [ "$(id -u)" -eq 0 ] || sudo='sudo '
  if command -v apt-get >/dev/null 2>&1; then
    install="${sudo}apt-get install -y gnome-keyring dbus libsecret-1-0 libglib2.0-bin"
  elif command -v dnf >/dev/null 2>&1; then
    install="${sudo}dnf install -y gnome-keyring dbus-daemon libsecret glib2"
  elif command -v pacman >/dev/null 2>&1; then
    install="${sudo}pacman -S --needed gnome-keyring dbus libsecret glib2"
  elif command -v zypper >/dev/null 2>&1; then
    install="${sudo}zypper install -y gnome-keyring dbus-1 libsecret-1-0 glib2-tools"
  else
    install="your distribution's gnome-keyring and dbus packages (they provide gnome-keyring-daemon and dbus-run-session)"
  fi
  {
    echo "run-in-keyring: the keychain tests need a throwaway Secret Service; missing here: ${missing[*]}."
    echo "Install it with:"
    echo
    echo "    $install"
    echo
  } >&2
  exit 2
fi

scratch="$(mktemp -d "${TMPDIR:-/tmp}/parallax-keyring.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/data" "$scratch/runtime" "$scratch/config"
chmod 700 "$scratch/runtime"

# XDG_DATA_HOME: where gnome-keyring keeps its keyrings; XDG_RUNTIME_DIR: its control socket;
# XDG_CONFIG_HOME: Parallax's settings folder for the CLI tests.
export XDG_DATA_HOME="$scratch/data" XDG_RUNTIME_DIR="$scratch/runtime" XDG_CONFIG_HOME="$scratch/config"
# The tests refuse to run without it, so they never touch a real keyring by accident.
export PARALLAX_THROWAWAY_KEYRING=1

# --unlock reads the new login keyring's password on stdin and creates it as the default
# collection; --components=secrets starts only the Secret Service.
dbus-run-session -- sh -c '
  printf %s throwaway-password | gnome-keyring-daemon --unlock --components=secrets >/dev/null
  npm run test:keychain -- "$@"
' sh "$@"
