import type { z } from 'zod';

export interface FieldError {
  /** Dotted path of the field ("include.ads", "payload.country"); "" for the body itself. */
  field: string;
  message: string;
}

export type ValidationOutcome<T> = { ok: true; value: T } | { ok: false; details: FieldError[] };

// ---------------------------------------------------------------------------------------
// Zod issues → field errors with messages a person can act on, and the checks of a body: its
// shape and its cross-field rules, every problem reported at once

const EXPECTED_NOUN: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'a boolean (true or false)',
  object: 'an object',
  array: 'an array',
};

function joinPath(path: ReadonlyArray<PropertyKey>): string {
  return path.map((p) => String(p)).join('.');
}

function issueToDetails(issue: z.core.$ZodIssue, prefix: string): FieldError[] {
  const path = prefix ? [prefix, ...issue.path] : issue.path;
  const field = joinPath(path);
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((key) => ({
        field: joinPath([...path, key]),
        message: `${key} is not a recognised field`,
      }));
    case 'invalid_type': {
      if (path.length === 0) return [{ field: '', message: 'The request body must be a JSON object' }];
      if (issue.input === undefined) return [{ field, message: `${field} is required` }];
      return [{ field, message: `${field} must be ${EXPECTED_NOUN[issue.expected] ?? issue.expected}` }];
    }
    case 'invalid_value':
      return [{ field, message: `${field} must be one of ${issue.values.map(String).join(', ')}` }];
    default:
      return [{ field, message: issue.message }];
  }
}

export function zodDetails(error: z.ZodError, prefix = ''): FieldError[] {
  return error.issues.flatMap((issue) => issueToDetails(issue, prefix));
}

export type Raw = Record<string, unknown>;

export function isPlainObject(value: unknown): value is Raw {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Adds cross-field errors for fields the shape check did not already flag. */
function merge(shape: FieldError[], cross: FieldError[]): FieldError[] {
  const seen = new Set(shape.map((d) => d.field));
  return [...shape, ...cross.filter((d) => !seen.has(d.field))];
}

export function validateWith<T>(
  schema: z.ZodType,
  body: unknown,
  cross: (raw: Raw) => FieldError[],
  prefix = '',
): ValidationOutcome<T> {
  const parsed = schema.safeParse(body, { reportInput: true });
  const shape = parsed.success ? [] : zodDetails(parsed.error, prefix);
  const crossDetails = isPlainObject(body)
    ? cross(body).map((d) => ({ field: prefix ? `${prefix}.${d.field}` : d.field, message: d.message }))
    : [];
  const details = merge(shape, crossDetails);
  if (parsed.success && details.length === 0) return { ok: true, value: parsed.data as T };
  return { ok: false, details };
}
