import type { z } from 'zod';
import { CliUsageError } from './context';

// CLI flags are validated with the IPC channel's own zod schema, so the app and the CLI accept
// exactly the same input. This turns the schema's issues into sentences about the flags the
// user typed ("--since must be at least 1 day", not "period.days: Too small").

/**
 * How a schema field is called on the command line, keyed by its path without array indexes
 * ('period.from' → '--from', 'aliases' → '--alias'). Unlisted fields keep their path.
 */
export type FlagNames = Readonly<Record<string, string>>;

type Issue = z.core.$ZodIssue;

const quote = (value: unknown): string => (typeof value === 'string' ? `"${value}"` : String(value));

function flagOf(issue: Issue, flags: FlagNames): string {
  const key = issue.path.filter((p) => typeof p === 'string').join('.');
  return flags[key] ?? (key || 'input');
}

/**
 * The value the issue is about. A cross-field check (a refine on an object) reports the whole
 * object as its input; the value is then the field its path points at.
 */
function valueOf(issue: Issue): unknown {
  const last = issue.path[issue.path.length - 1];
  const input: unknown = issue.input;
  if (typeof input === 'object' && input !== null && typeof last === 'string' && last in input)
    return (input as Record<string, unknown>)[last];
  return input;
}

/** One issue in words, naming the flag and, for a single bad value, the value given. */
export function describeIssue(issue: Issue, flags: FlagNames): string {
  const flag = flagOf(issue, flags);
  const value = valueOf(issue);
  const given = typeof value === 'string' ? ` ${quote(value)}` : '';
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? `${flag} must not be empty`
          : `${flag}${given} must have at least ${issue.minimum} characters`;
      if (issue.origin === 'array') return `${flag} needs at least ${issue.minimum} value(s)`;
      return `${flag} must be at least ${issue.minimum}, got ${quote(issue.input)}`;
    case 'too_big':
      if (issue.origin === 'string') return `${flag}${given} must have at most ${issue.maximum} characters`;
      if (issue.origin === 'array') return `${flag} takes at most ${issue.maximum} values`;
      return `${flag} must be at most ${issue.maximum}, got ${quote(issue.input)}`;
    case 'invalid_value':
      return `${flag}${given} must be one of ${issue.values.map(String).join(', ')}`;
    case 'invalid_type':
      return issue.input === undefined ? `${flag} is required` : `${flag} must be a ${issue.expected}`;
    case 'unrecognized_keys':
      return `unknown field(s) ${issue.keys.join(', ')}`;
    default:
      return `${flag}${given}: ${issue.message}`;
  }
}

/**
 * The issues worth telling: one per field, and a cross-field check (whose input is the whole
 * object, e.g. "the period ends before it starts") only when every field is valid on its own.
 */
function tellable(issues: readonly Issue[]): Issue[] {
  const crossField = (i: Issue): boolean => typeof i.input === 'object' && i.input !== null;
  const own = issues.filter((i) => !crossField(i));
  const chosen = own.length > 0 ? own : [...issues];
  const seen = new Set<string>();
  return chosen.filter((i) => {
    const key = i.path.map(String).join('.');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Parses with the schema, or throws a CliUsageError (exit 2) listing each bad flag in words. */
export function parseFlags<S extends z.ZodType>(schema: S, input: unknown, flags: FlagNames): z.output<S> {
  const parsed = schema.safeParse(input, { reportInput: true });
  if (parsed.success) return parsed.data;
  throw new CliUsageError(
    tellable(parsed.error.issues)
      .map((i) => describeIssue(i, flags))
      .join('; '),
  );
}
