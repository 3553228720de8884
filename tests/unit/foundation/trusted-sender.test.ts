import { describe, expect, it } from 'vitest';
import { isTrustedSender } from '../../../src/main/trusted-sender';

const prod = {
  devServerUrl: null,
  rendererFileUrl: 'file:///opt/Parallax/resources/app/out/renderer/index.html',
};
const dev = { ...prod, devServerUrl: 'http://localhost:5173/' };

describe('isTrustedSender', () => {
  it.each([
    [prod, 'file:///opt/Parallax/resources/app/out/renderer/index.html', true, true],
    [prod, 'file:///opt/Parallax/resources/app/out/renderer/index.html#/compare', true, true],
    [prod, 'file:///tmp/evil.html', true, false],
    [prod, 'https://example.org/', true, false],
    [prod, 'file:///opt/Parallax/resources/app/out/renderer/index.html', false, false],
    [dev, 'http://localhost:5173/', true, true],
    [dev, 'http://localhost:5174/', true, false],
    [dev, 'not a url', true, false],
  ])('%#: %s from %s (main frame %s) → %s', (trusted, url, isMainFrame, expected) => {
    expect(isTrustedSender({ url, isMainFrame }, trusted)).toBe(expected);
  });
});
