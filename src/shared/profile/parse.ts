import type { z } from 'zod';
import { ENGINE_NAMES } from '../api/engines';
import { neutralProfile } from './neutral';
import { serviceProfileFileSchema, serviceProfileSchema, type ServiceProfile } from './schema';

// Reads a profile from JSON (a file, an import, the Settings form) into a complete profile, or
// the list of what is wrong with it, one line per field ("engines.search.taskType: must be …").

export interface ProfileFieldError {
  /** Dotted path of the field, '' for the whole profile. */
  field: string;
  message: string;
}

export type ProfileParse = { ok: true; profile: ServiceProfile } | { ok: false; errors: ProfileFieldError[] };

function fieldErrors(error: z.ZodError): ProfileFieldError[] {
  return error.issues.map((issue) => {
    if (issue.code === 'unrecognized_keys') {
      const where = issue.path.map(String).join('.');
      if (where === 'engines') {
        return {
          field: where,
          message: `unknown engine${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}; engines are ${ENGINE_NAMES.join(', ')}`,
        };
      }
      return {
        field: where,
        message: `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}`,
      };
    }
    return { field: issue.path.map(String).join('.'), message: issue.message };
  });
}

/**
 * A profile from parsed JSON. Engines left out keep the neutral values, as do a missing name
 * and redirect path; a given engine must be complete (every field), so a typo is an error
 * rather than a silent default.
 */
export function parseServiceProfile(input: unknown): ProfileParse {
  const outline = serviceProfileFileSchema.safeParse(input);
  if (!outline.success) return { ok: false, errors: fieldErrors(outline.error) };
  const base = neutralProfile();
  const candidate = {
    name: outline.data.name ?? base.name,
    redirectPath: outline.data.redirectPath ?? base.redirectPath,
    engines: { ...base.engines, ...outline.data.engines },
  };
  const parsed = serviceProfileSchema.safeParse(candidate);
  return parsed.success
    ? { ok: true, profile: parsed.data }
    : { ok: false, errors: fieldErrors(parsed.error) };
}

/** A profile from JSON text; a syntax error is one error on the whole profile. */
export function parseServiceProfileText(text: string): ProfileParse {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return {
      ok: false,
      errors: [
        { field: '', message: `not valid JSON (${err instanceof Error ? err.message : String(err)})` },
      ],
    };
  }
  return parseServiceProfile(json);
}

/** One line per error, for the CLI and messages. */
export function formatProfileErrors(errors: readonly ProfileFieldError[]): string {
  return errors.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message)).join('\n');
}

/** The JSON a profile is exported as (stable key order, a version for later formats). */
export function profileToJson(profile: ServiceProfile): string {
  return `${JSON.stringify({ version: 1, ...profile }, null, 2)}\n`;
}
