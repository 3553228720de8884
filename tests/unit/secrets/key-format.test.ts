import { describe, expect, it } from 'vitest';
import { isApiKeyFormat, maskApiKey } from '../../../src/core/platform/secrets/key-format';
import {
  isApiKeyFormat as sharedIsApiKeyFormat,
  maskApiKey as sharedMask,
} from '../../../src/shared/key-mask';

const valid = `sk_${'A1b2C3d4E5'.repeat(4)}`;

describe('isApiKeyFormat', () => {
  it('accepts sk_ followed by exactly 40 letters and digits', () => {
    expect(isApiKeyFormat(valid)).toBe(true);
  });

  it.each([
    ['39 characters', `sk_${'a'.repeat(39)}`],
    ['41 characters', `sk_${'a'.repeat(41)}`],
    ['another prefix', `pk_${'a'.repeat(40)}`],
    ['upper-case prefix', `SK_${'a'.repeat(40)}`],
    ['an underscore in the body', `sk_${'a'.repeat(39)}_`],
    ['a dash in the body', `sk_${'a'.repeat(39)}-`],
    ['surrounding whitespace', ` ${valid}`],
    ['a trailing newline', `${valid}\n`],
    ['non-ASCII letters', `sk_${'é'.repeat(40)}`],
    ['nothing', ''],
  ])('rejects %s', (_label, key) => {
    expect(isApiKeyFormat(key)).toBe(false);
  });
});

describe('maskApiKey', () => {
  it('shows the prefix and the last four characters only', () => {
    expect(maskApiKey(valid)).toBe('sk_…d4E5');
  });

  it('never shows more than four characters of a value that is not key-shaped', () => {
    expect(maskApiKey('some-long-secret-value')).toBe('…alue');
    expect(maskApiKey('short')).toBe('…');
    expect(maskApiKey('sk_short')).toBe('sk_…');
  });

  it('is the same function in src/shared for the renderer', () => {
    expect(sharedMask).toBe(maskApiKey);
    expect(sharedIsApiKeyFormat).toBe(isApiKeyFormat);
  });
});
