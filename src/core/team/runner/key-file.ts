import { readFileSync, statSync } from 'node:fs';
import type { SecretStore } from '../../platform';

// The service key from a secret file (`--key-file`, e.g. a systemd credential or a container
// secret), for servers without a keychain. Refused when other users may read it, as ssh does
// with a private key: a key readable by the group or the world is a key already leaked.

export class KeyFileError extends Error {
  override readonly name = 'KeyFileError';
}

/** Reads the key (the file's first line) after checking the file is private to its owner. */
export function readKeyFile(path: string, platform: NodeJS.Platform = process.platform): string {
  let mode: number;
  try {
    const stat = statSync(path);
    if (!stat.isFile()) throw new KeyFileError(`--key-file ${path} is not a file`);
    mode = stat.mode;
  } catch (error) {
    if (error instanceof KeyFileError) throw error;
    throw new KeyFileError(
      `--key-file ${path} cannot be read: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
  // Windows has no mode bits to check (its ACLs guard the file).
  if (platform !== 'win32' && (mode & 0o077) !== 0) {
    throw new KeyFileError(
      `--key-file ${path} is readable by other users (mode ${(mode & 0o777).toString(8)}): run chmod 600 ${path}`,
    );
  }
  const key = (readFileSync(path, 'utf8').split(/\r?\n/)[0] ?? '').trim();
  if (key === '') throw new KeyFileError(`--key-file ${path} is empty: its first line must be the API key`);
  return key;
}

/** A read-only key store over a key file (read once, checked when opened). */
export function keyFileStore(path: string): SecretStore {
  const key = readKeyFile(path);
  const readOnly = (): Promise<never> =>
    Promise.reject(new KeyFileError('The key comes from --key-file: change that file instead.'));
  return {
    backend: { kind: 'environment', label: `Key file ${path}`, persistent: true },
    get: async () => key,
    set: readOnly,
    delete: readOnly,
  };
}
