/**
 * Which frames may call main. Only the app's own top-level page: the dev server's origin
 * in development, the packaged index.html in production. Subframes (answer HTML shown in a
 * sandboxed iframe, for instance) and any other page are refused.
 */
export interface TrustedRenderer {
  /** ELECTRON_RENDERER_URL in development, else null. */
  devServerUrl: string | null;
  /** file:// URL of the built renderer's index.html. */
  rendererFileUrl: string;
}

export function isTrustedSender(
  frame: { url: string; isMainFrame: boolean },
  trusted: TrustedRenderer,
): boolean {
  if (!frame.isMainFrame) return false;
  let url: URL;
  try {
    url = new URL(frame.url);
  } catch {
    return false;
  }
  if (trusted.devServerUrl) {
    const dev = new URL(trusted.devServerUrl);
    if (url.origin === dev.origin) return true;
  }
  const file = new URL(trusted.rendererFileUrl);
  return url.protocol === 'file:' && url.pathname === file.pathname;
}
