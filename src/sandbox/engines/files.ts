import { randomUUID } from 'node:crypto';

// Stored HTML of answers ("include.html"): engines answer with a URL on the sandbox itself,
// like the service's file host, and the server serves it at GET /files/<id>.html. Files
// expire 24 hours after creation by the sandbox clock, as the service's links do: an expired
// file answers 410 while the sandbox still remembers it, and 404 once forgotten (or unknown).

const TTL_MS = 24 * 60 * 60 * 1000;
/** Expired files remembered (for 410) before the oldest is forgotten (then 404). */
const MAX_TOMBSTONES = 100_000;

export type FileLookup = { state: 'ok'; html: string } | { state: 'expired' } | { state: 'unknown' };

export class FileStore {
  private readonly files = new Map<string, { html: string; at: number }>();
  private readonly expired = new Set<string>();

  constructor(
    private readonly baseUrl: () => string,
    private readonly clock: () => number,
  ) {}

  put(html: string): string {
    this.sweep();
    const id = randomUUID();
    this.files.set(id, { html, at: this.clock() });
    return `${this.baseUrl()}/files/${id}.html`;
  }

  get(id: string): string | undefined {
    const found = this.lookup(id);
    return found.state === 'ok' ? found.html : undefined;
  }

  lookup(id: string): FileLookup {
    const file = this.files.get(id);
    if (file && this.clock() - file.at <= TTL_MS) return { state: 'ok', html: file.html };
    return file || this.expired.has(id) ? { state: 'expired' } : { state: 'unknown' };
  }

  private sweep(): void {
    const now = this.clock();
    for (const [id, file] of this.files) {
      if (now - file.at <= TTL_MS) break; // insertion order = creation order
      this.files.delete(id);
      this.expired.add(id);
    }
    for (const id of this.expired) {
      if (this.expired.size <= MAX_TOMBSTONES) break;
      this.expired.delete(id);
    }
  }
}

const escapeHtml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

// A small inline logo, so archived pages carry a data: image as real ones often do.
const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="28" height="28" viewBox="0 0 28 28">' +
  '<circle cx="14" cy="14" r="13" fill="#f2b705"/><path d="M8 15l4 4 8-9" stroke="#1f3a5f" ' +
  'stroke-width="3" fill="none" stroke-linecap="round"/></svg>';
const LOGO = `data:image/svg+xml;base64,${Buffer.from(LOGO_SVG).toString('base64')}`;

// Like a real engine page: a <style> block, style attributes, an external stylesheet and an
// analytics script. The scripts mark the page when they run (a #script-ran element, a changed
// title, a data attribute, a message to the parent): an archived copy must never run them.
const PAGE_STYLE = `
  body { margin: 0; font-family: system-ui, sans-serif; background: #f4f6f9; color: #1d2330; }
  header.top { display: flex; align-items: center; gap: 10px; padding: 12px 20px;
    background: #1f3a5f; color: #ffffff; }
  header.top .synthetic { margin-left: auto; font-size: 12px; opacity: 0.8; }
  main.answer { max-width: 760px; margin: 24px auto; padding: 20px 28px; background: #ffffff;
    border-radius: 8px; box-shadow: 0 1px 3px rgba(0, 0, 0, 0.12); }
  main.answer p { line-height: 1.55; }
  ol.sources li { margin: 4px 0; }
  ol.sources a { color: #1a56a8; }
  footer { text-align: center; font-size: 12px; color: #6b7280; padding: 16px; }`;

const PAGE_SCRIPT = `
  document.documentElement.setAttribute('data-script-ran', 'yes');
  document.title = 'SCRIPT RAN';
  try { parent.postMessage('page-script-ran', '*'); } catch (e) {}
  window.addEventListener('load', function () {
    var marker = document.createElement('div');
    marker.id = 'script-ran';
    marker.textContent = 'The page script ran';
    document.body.appendChild(marker);
  });`;

/**
 * An engine's page as HTML. Text is escaped, except in the XSS corpus where the payloads are
 * left raw on purpose: stored engine HTML is hostile input for the app.
 */
export function renderHtmlPage(opts: {
  title: string;
  lang: string;
  paragraphs: string[];
  links: Array<{ url: string; label: string }>;
  raw?: string[];
}): string {
  const body = [
    `<header class="top"><img class="logo" alt="" width="28" height="28" src="${LOGO}">` +
      `<strong>Answer engine</strong><span class="synthetic">Sandbox · synthetic data</span></header>`,
    `<main class="answer"><h1 style="font-size: 22px; color: #1f3a5f">${escapeHtml(opts.title)}</h1>`,
    ...opts.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<ol class="sources">${opts.links.map((l) => `<li><a href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a></li>`).join('')}</ol>`,
    ...(opts.raw ?? []),
    `</main>`,
    `<footer>Synthetic page served by the Parallax sandbox</footer>`,
  ].join('\n');
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(opts.title)}</title>`,
    '<link rel="stylesheet" href="https://static.example.invalid/engine.css">',
    `<style>${PAGE_STYLE}\n</style>`,
    `<script>${PAGE_SCRIPT}\n</script>`,
  ].join('\n');
  return `<!doctype html>\n<html lang="${escapeHtml(opts.lang)}"><head>\n${head}\n</head>\n<body>\n${body}\n</body></html>\n`;
}
