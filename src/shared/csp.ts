// The renderer's Content-Security-Policy. The packaged app gets the strict one: no inline
// or remote script, no network at all (the renderer talks to main only over IPC), no
// plugins, no base or form targets. Engine answers are rendered as inert React elements;
// raw answer HTML only ever goes into an iframe with an empty sandbox (no scripts).
//
// style-src allows inline styles for one reason: an archived page (the HTML tab) keeps its
// own <style> blocks and style attributes, and a srcdoc frame inherits this policy (Chromium
// blocks the page's styles otherwise). Scripts stay 'self' only; the frame's sandbox has no
// allow-scripts and the page's own CSP meta forbids every fetch.
export const STRICT_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'none'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

// `npm start` runs Vite's dev server with hot reload, which needs an inline preamble
// script, injected styles and a websocket. Only the development build uses this.
export const DEV_CSP = [
  "default-src 'none'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self' ws://localhost:* ws://127.0.0.1:*",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
