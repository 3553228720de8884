import { existsSync } from 'node:fs';
import { build } from 'electron-vite';

// The e2e suite drives the production renderer bundle (with its strict CSP), so build it
// first unless CI's `npm run build` step already did in this checkout.
export default async function setup(): Promise<void> {
  if (process.env['PARALLAX_E2E_SKIP_BUILD'] === '1' && existsSync('out/renderer/index.html')) return;
  await build({ logLevel: 'warn' });
}
