import type { ShownError } from './errors';

/** Per-field messages of a failed save, keyed by the form field they belong to. */
export interface FormErrors<K extends string> {
  byField: Partial<Record<K, string[]>>;
  /** The error without the fields shown next to their inputs (null when nothing is left to say). */
  rest: ShownError | null;
}

/**
 * Splits an error's per-field messages between the form's inputs (`fieldOf` names the input
 * a contract field path belongs to, or null) and what is left for the form-level error state.
 * `whole` attaches an error without fields to one input (e.g. the monitor's cadence, the only
 * thing monitors.save refuses after validation).
 */
export function splitFieldErrors<K extends string>(
  error: ShownError | null,
  fieldOf: (path: string) => K | null,
  whole?: { code: string; field: K },
): FormErrors<K> {
  if (!error) return { byField: {}, rest: null };
  if (whole && error.code === whole.code && error.fields.length === 0) {
    return { byField: { [whole.field]: [error.message] } as Partial<Record<K, string[]>>, rest: null };
  }
  const byField: Partial<Record<K, string[]>> = {};
  const unplaced = error.fields.filter((f) => {
    const key = fieldOf(f.field);
    if (key === null) return true;
    (byField[key] ??= []).push(f.message);
    return false;
  });
  // The code and message stay visible above the form; only placed fields leave its list.
  return { byField, rest: { ...error, fields: unplaced } };
}

/** The first segment of a contract field path: 'tags.2' → 'tags', 'spec.prompts.0' → 'spec'. */
export function topField(path: string): string {
  return path.split('.')[0] ?? path;
}
