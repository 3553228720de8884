// API key shape and masking, pure so the renderer can mask too. The main process
// re-exports these from src/core/platform/secrets/key-format.ts (shared code imports nothing from main).

/** The service's key format: `sk_` followed by exactly 40 letters and digits. */
export const API_KEY_PATTERN = /^sk_[A-Za-z0-9]{40}$/;

/** Any key-shaped substring, for redaction of text that may embed a key. */
export const API_KEY_ANYWHERE = /sk_[A-Za-z0-9]{40}/g;

export function isApiKeyFormat(key: string): key is `sk_${string}` {
  return API_KEY_PATTERN.test(key);
}

/**
 * `sk_…abcd`: enough to tell two keys apart on screen, too little to use.
 * A value that is not key-shaped still only shows its last four characters, and a value
 * shorter than 12 characters shows none (four characters of a short secret are too many).
 */
export function maskApiKey(key: string): string {
  if (key.length < 12) return key.startsWith('sk_') ? 'sk_…' : '…';
  const tail = key.slice(-4);
  return key.startsWith('sk_') ? `sk_…${tail}` : `…${tail}`;
}
