import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { DEV_CSP, STRICT_CSP } from './src/shared/csp';

/** Puts the Content-Security-Policy meta tag first in index.html: strict in builds, relaxed for hot reload. */
function contentSecurityPolicy(): Plugin {
  let isBuild = true;
  return {
    name: 'parallax-csp',
    configResolved(config) {
      isBuild = config.command === 'build';
    },
    transformIndexHtml() {
      return [
        {
          tag: 'meta',
          attrs: { 'http-equiv': 'Content-Security-Policy', content: isBuild ? STRICT_CSP : DEV_CSP },
          injectTo: 'head-prepend',
        },
      ];
    },
  };
}

// Three bundles: main (Node + Electron, ESM), preload (sandboxed, so CommonJS and
// self-contained: a sandboxed preload cannot require npm packages) and the renderer.
export default defineConfig({
  main: {
    build: {
      rollupOptions: { input: { index: resolve(__dirname, 'src/main/index.ts') } },
    },
  },
  preload: {
    build: {
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    build: {
      // electron-vite leaves bundles unminified; the renderer is parsed at every window load.
      minify: 'esbuild',
      rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } },
    },
    plugins: [react(), contentSecurityPolicy()],
  },
});
