import type { ParallaxApi } from '../shared/ipc/contract';

declare global {
  interface Window {
    /** The typed IPC contract, exposed by the preload (or the e2e test bridge). */
    readonly parallax: ParallaxApi;
  }
}

export {};
