import type { KeyStatusView } from '../../../shared/ipc/channels/settings';
import { AppError } from '../errors';
import { ENV_READ_ONLY_MESSAGE } from './environment-secret-store';
import { isApiKeyFormat, maskApiKey } from './key-format';
import { redactSecrets } from './redact';
import {
  SecretStoreReadOnlyError,
  SecretStoreUnavailableError,
  type SecretBackendInfo,
  type SecretStore,
} from './secret-store';

// The key's life in the app and the CLI: checked, verified against the service, then saved;
// shown only masked; replaced; deleted; flagged as revoked when the service says so.
// getKeyForRequests() is the one function that hands the key out, to main-process code only.

/** What GET /v1/credits says about a key (plan where the caller knows it). */
export interface KeyBalance {
  remaining: number;
  perCycle: number | null;
  cycleResetsAt: string | null;
  plan?: string;
}

/** Asks the service whether a key works (GET /v1/credits). Throws KeyVerificationError or an API client error. */
export type VerifyKey = (key: string) => Promise<KeyBalance>;

export type KeyErrorKind =
  | 'format'
  | 'rejected'
  | 'unreachable'
  | 'keychain-unavailable'
  | 'environment-override'
  | 'missing'
  | 'revoked';

const ERROR_CODES: Record<KeyErrorKind, string> = {
  format: 'INVALID_API_KEY_FORMAT',
  rejected: 'API_KEY_REJECTED',
  unreachable: 'SERVICE_UNREACHABLE',
  'keychain-unavailable': 'KEYCHAIN_UNAVAILABLE',
  'environment-override': 'API_KEY_FROM_ENVIRONMENT',
  missing: 'API_KEY_MISSING',
  revoked: 'API_KEY_REVOKED',
};

/** A key operation that failed for a reason the user can act on; `kind` says which. */
export class KeyServiceError extends AppError {
  constructor(
    readonly kind: KeyErrorKind,
    message: string,
  ) {
    super(ERROR_CODES[kind], message);
  }
}

/** What a verify function throws when it knows why the key could not be verified. */
export class KeyVerificationError extends Error {
  override readonly name = 'KeyVerificationError';
  constructor(
    readonly kind: 'rejected' | 'unreachable',
    message: string,
    readonly status: number | null = null,
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

const AUTH_CODES = new Set(['MISSING_API_KEY', 'INVALID_API_KEY_FORMAT', 'INVALID_OR_EXPIRED_API_KEY']);

/** Sorts any verify failure into rejected (the service said no) or unreachable (no answer we can trust). */
export function classifyVerifyError(err: unknown): KeyVerificationError {
  if (err instanceof KeyVerificationError) return err;
  const status = readNumber(err, 'status');
  const code = readString(err, 'code');
  const message = err instanceof Error ? err.message : String(err);
  if (status === 401 || (code !== null && AUTH_CODES.has(code))) {
    return new KeyVerificationError('rejected', message, status, code);
  }
  return new KeyVerificationError('unreachable', message, status, code);
}

export interface KeyServiceDeps {
  secrets: SecretStore;
  verify: VerifyKey;
  /** The plan to show when the service does not say (the plan chosen in settings). */
  fallbackPlan?: () => string | null;
}

export interface KeyService {
  /** Format check, verification with the service, then save. Throws KeyServiceError. */
  setKey(key: string): Promise<KeyStatusView>;
  /** Same as setKey: the stored key is only overwritten once the new one is verified. */
  replaceKey(key: string): Promise<KeyStatusView>;
  deleteKey(): Promise<KeyStatusView>;
  /** Never contains the key. With refresh, asks the service for the balance (and notices a revoked key). */
  status(options?: { refresh?: boolean }): Promise<KeyStatusView>;
  /** Main process only: the key for Authorization headers, or null when none is configured. */
  getKeyForRequests(): Promise<string | null>;
  /** Like getKeyForRequests, but throws KeyServiceError 'missing' or 'revoked' instead of returning a useless key. */
  requireKeyForRequests(): Promise<string>;
  /**
   * A request answered 401 INVALID_OR_EXPIRED_API_KEY. Pass the key that request used, so a
   * late answer for a key that was replaced meanwhile does not flag the new one.
   */
  reportRevoked(keyUsed?: string): Promise<void>;
  /** Secrets for the redacting logger: the key currently in use, if it was read. */
  knownSecrets(): string[];
  /** Called after set, delete and revoke with the new status. */
  onChange(listener: (status: KeyStatusView) => void): () => void;
}

export function createKeyService(deps: KeyServiceDeps): KeyService {
  const { secrets } = deps;
  /** The stored key as last read; undefined = not read yet. */
  let cached: string | null | undefined;
  let revoked = false;
  let balance: KeyBalance | null = null;
  let lastError: string | null = null;
  const listeners = new Set<(status: KeyStatusView) => void>();

  async function readKey(): Promise<string | null> {
    if (cached !== undefined) return cached;
    try {
      cached = await secrets.get();
    } catch (err) {
      throw storeError(err);
    }
    return cached;
  }

  async function verifyOrThrow(key: string): Promise<KeyBalance> {
    try {
      return await deps.verify(key);
    } catch (err) {
      const failure = classifyVerifyError(err);
      const detail = redactSecrets(failure.message, [key]);
      if (failure.kind === 'rejected') {
        throw new KeyServiceError(
          'rejected',
          `The service rejected this key${failure.code ? ` (${failure.code})` : ''}: it is unknown, revoked or mistyped. Copy a current key from the keys page of the service's dashboard.`,
        );
      }
      throw new KeyServiceError(
        'unreachable',
        `The key could not be verified, so it was not saved: ${detail}. Check the base URL and the connection, then try again.`,
      );
    }
  }

  async function notify(): Promise<void> {
    if (listeners.size === 0) return;
    const status = await buildStatus();
    for (const listener of listeners) listener(status);
  }

  async function buildStatus(): Promise<KeyStatusView> {
    let key: string | null;
    try {
      key = await readKey();
    } catch (err) {
      return view(secrets.backend, null, 'missing', null, errorMessage(err), deps);
    }
    if (key === null) return view(secrets.backend, null, 'missing', null, null, deps);
    const masked = maskApiKey(key);
    if (revoked) {
      return view(
        secrets.backend,
        masked,
        'revoked',
        null,
        'The service no longer accepts this key (revoked or expired). Set a new key to continue.',
        deps,
      );
    }
    if (!isApiKeyFormat(key)) {
      return view(
        secrets.backend,
        masked,
        'unverified',
        null,
        'The configured key is not shaped like an API key (sk_ followed by 40 letters and digits).',
        deps,
      );
    }
    return view(secrets.backend, masked, balance ? 'ok' : 'unverified', balance, lastError, deps);
  }

  async function setKey(input: string): Promise<KeyStatusView> {
    const key = input.trim();
    if (!isApiKeyFormat(key)) {
      throw new KeyServiceError('format', 'An API key is sk_ followed by exactly 40 letters and digits.');
    }
    // Checked before verifying: when saving cannot succeed, a request to the service is pointless.
    if (secrets.backend.kind === 'environment')
      throw new KeyServiceError('environment-override', ENV_READ_ONLY_MESSAGE);
    if (secrets.backend.kind === 'unavailable') {
      throw new KeyServiceError(
        'keychain-unavailable',
        secrets.backend.warning ?? 'No keychain is available.',
      );
    }
    const verified = await verifyOrThrow(key);
    try {
      await secrets.set(key);
    } catch (err) {
      throw storeError(err);
    }
    cached = key;
    revoked = false;
    balance = verified;
    lastError = null;
    await notify();
    return buildStatus();
  }

  return {
    setKey,
    replaceKey: setKey,
    async deleteKey() {
      try {
        await secrets.delete();
      } catch (err) {
        throw storeError(err);
      }
      cached = null;
      revoked = false;
      balance = null;
      lastError = null;
      await notify();
      return buildStatus();
    },
    async status(options = {}) {
      if (options.refresh) {
        cached = undefined;
        const key = await readKey().catch(() => null);
        if (key !== null && isApiKeyFormat(key)) {
          try {
            balance = await deps.verify(key);
            revoked = false;
            lastError = null;
          } catch (err) {
            const failure = classifyVerifyError(err);
            if (failure.kind === 'rejected') {
              revoked = true;
              balance = null;
            } else {
              lastError = `Could not reach the service to read the balance: ${redactSecrets(failure.message, [key])}`;
            }
          }
        }
      }
      return buildStatus();
    },
    getKeyForRequests: readKey,
    async requireKeyForRequests() {
      const key = await readKey();
      if (key === null) {
        throw new KeyServiceError(
          'missing',
          'No API key is configured. Set one with `parallax key set` or in Settings.',
        );
      }
      if (revoked) {
        throw new KeyServiceError(
          'revoked',
          'The service no longer accepts the API key (revoked or expired). Set a new key.',
        );
      }
      return key;
    },
    async reportRevoked(keyUsed) {
      const current = await readKey().catch(() => null);
      if (keyUsed !== undefined && keyUsed !== current) return;
      if (revoked) return;
      revoked = true;
      balance = null;
      await notify();
    },
    knownSecrets() {
      return typeof cached === 'string' && cached !== '' ? [cached] : [];
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function view(
  backend: SecretBackendInfo,
  masked: string | null,
  state: KeyStatusView['state'],
  balance: KeyBalance | null,
  error: string | null,
  deps: KeyServiceDeps,
): KeyStatusView {
  return {
    configured: masked !== null,
    masked,
    backend: {
      kind: backend.kind,
      label: backend.label,
      ...(backend.warning !== undefined ? { warning: backend.warning } : {}),
    },
    state,
    balance: balance
      ? { remaining: balance.remaining, perCycle: balance.perCycle, cycleResetsAt: balance.cycleResetsAt }
      : null,
    plan: balance?.plan ?? deps.fallbackPlan?.() ?? null,
    error,
  };
}

function storeError(err: unknown): KeyServiceError {
  if (err instanceof KeyServiceError) return err;
  if (err instanceof SecretStoreReadOnlyError)
    return new KeyServiceError('environment-override', err.message);
  if (err instanceof SecretStoreUnavailableError)
    return new KeyServiceError('keychain-unavailable', err.message);
  return new KeyServiceError('keychain-unavailable', `The key store failed: ${errorMessage(err)}`);
}

function errorMessage(err: unknown): string {
  return redactSecrets(err instanceof Error ? err.message : String(err));
}

function readNumber(value: unknown, field: string): number | null {
  if (typeof value !== 'object' || value === null) return null;
  const found: unknown = Reflect.get(value, field);
  return typeof found === 'number' ? found : null;
}

function readString(value: unknown, field: string): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const found: unknown = Reflect.get(value, field);
  return typeof found === 'string' ? found : null;
}
