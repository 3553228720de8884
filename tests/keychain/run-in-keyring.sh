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
# collection; --components=secrets starts only the Secret Service. The tests start only once that
# daemon owns the Secret Service's name with its login collection unlocked: once in a CI run it
# was gone when the first test called, D-Bus started another by activation, that one could not
# unlock the keyring without a prompt, and every test failed. So it is checked (NameHasOwner does
# not activate anything) and started again, on the same keyring file, if it is not there.
dbus-run-session -- sh -c '
  bus() { gdbus call --session --timeout 5 "$@" 2>/dev/null; }
  ready() {
    bus --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
      --method org.freedesktop.DBus.NameHasOwner org.freedesktop.secrets | grep -q true &&
      bus --dest org.freedesktop.secrets --object-path /org/freedesktop/secrets/collection/login \
        --method org.freedesktop.DBus.Properties.Get org.freedesktop.Secret.Collection Locked | grep -q false
  }
  for attempt in 1 2 3; do
    printf %s throwaway-password | gnome-keyring-daemon --unlock --components=secrets >/dev/null
    for wait in 1 2 3 4 5 6 7 8 9 10; do ready && break 2; sleep 0.5; done
    echo "run-in-keyring: the throwaway keyring is not answering unlocked (attempt $attempt of 3)" >&2
  done
  ready || { echo "run-in-keyring: the throwaway keyring did not come up unlocked" >&2; exit 1; }
  npm run test:keychain -- "$@"
' sh "$@"
