// Runs record WHICH key ran them, never the key: a label keeps a short prefix and the last
// four characters (sk_…abcd), enough to tell keys apart in the history.

const ELLIPSIS = '\u2026';

export function maskKeyLabel(key: string): string {
  const trimmed = key.trim();
  const underscore = trimmed.indexOf('_');
  const prefix = underscore > 0 && underscore <= 8 ? trimmed.slice(0, underscore + 1) : '';
  const tail = trimmed.length >= 12 ? trimmed.slice(-4) : '';
  return `${prefix}${ELLIPSIS}${tail}`;
}

/**
 * Accepts 'sandbox' or a masked label: short, with the ellipsis, at most 4 characters after it.
 * Anything else could be a real key and is refused before it reaches the file.
 */
export function isMaskedKeyLabel(label: string): boolean {
  if (label === 'sandbox') return true;
  const at = label.indexOf(ELLIPSIS);
  return at >= 0 && at <= 9 && label.length - at - 1 <= 4 && label.length <= 14;
}
