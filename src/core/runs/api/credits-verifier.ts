import { createApiClient } from './client';
import { classifyVerifyError, KeyVerificationError, type VerifyKey } from '../../platform';

export interface CreditsVerifierOptions {
  baseUrl: string;
  fetch: typeof fetch;
  /** The API client's retries of a failed GET (2 by default); tests use 0. */
  maxRetries?: number;
}

/**
 * Verifies a key with GET /v1/credits through the API client: its balance on 200; an
 * ApiError otherwise, which the key service sorts into rejected (401) or unreachable.
 */
export function createCreditsVerifier(options: CreditsVerifierOptions): VerifyKey {
  return async (key) => {
    const client = createApiClient({
      baseUrl: options.baseUrl,
      apiKey: key,
      fetch: options.fetch,
      ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
    });
    let data;
    try {
      ({ data } = await client.credits());
    } catch (err) {
      const failure = classifyVerifyError(err);
      if (failure.kind === 'rejected') throw failure;
      // Name the server, so a wrong base URL is obvious.
      throw new KeyVerificationError(
        'unreachable',
        `${new URL(options.baseUrl).origin}: ${failure.message}`,
        failure.status,
        failure.code,
      );
    }
    return {
      remaining: data.remaining,
      perCycle: data.perCycle ?? null,
      cycleResetsAt: data.cycleResetsAt ?? null,
    };
  };
}
