import { API_KEY_ANYWHERE, maskApiKey } from './key-format';

// Every log line of the app and the CLI goes through here, so a key that ends up in an
// error message, a request dump or a stack never reaches a log file or a terminal.

/** A fragment that starts like a key (a truncated key in a message); too short to be a mask. */
const KEY_FRAGMENT = /sk_[A-Za-z0-9]{6,}/g;
const BEARER = /(Bearer\s+)[^\s"',;]+/gi;
/** The password of a URL (postgres://role:PASSWORD@host): the team URL's, or any other. */
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^\s/:@"']*):[^\s/@"']*@/gi;
/** password=… in a libpq key/value connection string or a query parameter. */
const PASSWORD_PARAM = /\b(password=)('[^']*'|[^\s&"']+)/gi;

/** Replaces known secrets, anything key-shaped, URL passwords and bearer tokens with their masks. */
export function redactSecrets(text: string, secrets: readonly string[] = []): string {
  let out = text;
  // Longest first, so a secret that contains another is replaced whole.
  for (const secret of [...secrets].filter((s) => s.length >= 8).sort((a, b) => b.length - a.length)) {
    out = out.split(secret).join(maskApiKey(secret));
  }
  out = out.replace(API_KEY_ANYWHERE, (key) => maskApiKey(key));
  out = out.replace(KEY_FRAGMENT, 'sk_…');
  out = out.replace(URL_PASSWORD, '$1:[redacted]@').replace(PASSWORD_PARAM, '$1[redacted]');
  return out.replace(BEARER, (_match, prefix: string) => `${prefix}[redacted]`);
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** Where redacted lines go: a file, stderr, the Electron log... */
export type LogSink = (level: LogLevel, message: string) => void;

export interface Logger {
  debug(message: string, ...details: unknown[]): void;
  info(message: string, ...details: unknown[]): void;
  warn(message: string, ...details: unknown[]): void;
  error(message: string, ...details: unknown[]): void;
}

/**
 * A logger that redacts before anything reaches the sink. `secretsToRedact` is asked on every
 * line, so a key set or replaced later is redacted too.
 */
export function createRedactingLogger(sink: LogSink, secretsToRedact: () => readonly string[]): Logger {
  const write = (level: LogLevel, message: string, details: unknown[]): void => {
    const text = [message, ...details.map(describe)].join(' ');
    sink(level, redactSecrets(text, secretsToRedact()));
  };
  return {
    debug: (message, ...details) => write('debug', message, details),
    info: (message, ...details) => write('info', message, details),
    warn: (message, ...details) => write('warn', message, details),
    error: (message, ...details) => write('error', message, details),
  };
}

/** Errors with their stack (redacted like the rest), other values as JSON where possible. */
function describe(value: unknown): string {
  if (value instanceof Error) return value.stack ?? `${value.name}: ${value.message}`;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
