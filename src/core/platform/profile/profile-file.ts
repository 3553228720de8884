import { readFileSync, writeFileSync } from 'node:fs';
import {
  formatProfileErrors,
  parseServiceProfileText,
  profileToJson,
  type ProfileFieldError,
  type ServiceProfile,
} from '../../../shared/profile';

// Service profiles as JSON files: `--profile FILE` on the CLI, import and export in Settings.

/** A profile file that cannot be used: unreadable, not JSON, or invalid fields (one line each). */
export class ProfileFileError extends Error {
  override readonly name = 'ProfileFileError';
  constructor(
    readonly path: string,
    readonly errors: ProfileFieldError[],
  ) {
    super(`Service profile ${path} is not valid:\n${formatProfileErrors(errors)}`);
  }
}

/** Reads and validates a profile file; throws ProfileFileError with every invalid field. */
export function readProfileFile(path: string): ServiceProfile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a folder, not a file' : String(err);
    throw new ProfileFileError(path, [{ field: '', message: `cannot be read (${why})` }]);
  }
  const parsed = parseServiceProfileText(text);
  if (!parsed.ok) throw new ProfileFileError(path, parsed.errors);
  return parsed.profile;
}

/** Writes a profile as JSON (every engine spelled out, so the file documents itself). */
export function writeProfileFile(path: string, profile: ServiceProfile): number {
  const json = profileToJson(profile);
  writeFileSync(path, json, 'utf8');
  return Buffer.byteLength(json);
}
