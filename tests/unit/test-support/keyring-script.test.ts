import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// The keychain suite's launcher on a Linux machine without the Secret Service tools: it must
// name what is missing and the exact install command, not fail somewhere inside D-Bus.

const SCRIPT = resolve('tests/keychain/run-in-keyring.sh');
const BASICS = ['bash', 'sh', 'uname', 'mktemp', 'id', 'dirname', 'cat', 'rm', 'mkdir', 'chmod'];

let dir: string | null = null;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

/** A PATH holding only the basic tools (from this machine) and the named package manager. */
function pathWith(packageManager: string | null): string {
  dir = mkdtempSync(join(tmpdir(), 'parallax-nokeyring-'));
  for (const bin of BASICS) symlinkSync(which(bin), join(dir, bin));
  // A stand-in package manager: only its presence is looked at.
  if (packageManager) writeFileSync(join(dir, packageManager), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
  return dir;
}

describe.skipIf(process.platform !== 'linux')('run-in-keyring.sh without the Secret Service tools', () => {
  it('names the missing tools and the apt command on Debian/Ubuntu, and exits 2', () => {
    const run = spawnSync(which('bash'), [SCRIPT], { env: { PATH: pathWith('apt-get') }, encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('missing here: dbus-run-session gnome-keyring-daemon gdbus.');
    expect(run.stderr).toMatch(
      /\n {4}(sudo )?apt-get install -y gnome-keyring dbus libsecret-1-0 libglib2.0-bin\n/,
    );
  });

  it('gives the dnf command on Fedora', () => {
    const run = spawnSync(which('bash'), [SCRIPT], { env: { PATH: pathWith('dnf') }, encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/(sudo )?dnf install -y gnome-keyring dbus-daemon libsecret glib2\n/);
  });
});

function which(bin: string): string {
  return spawnSync('sh', ['-c', `command -v ${bin}`], { encoding: 'utf8' }).stdout.trim();
}
