import { randomUUID } from 'node:crypto';

// Stored HTML of answers ("include.html"): engines answer with a URL on the sandbox itself,
// like the service's file host, and the server serves it at GET /files/<id>.html. Files
// expire 24 hours after creation, as the service's do.

const TTL_MS = 24 * 60 * 60 * 1000;

export class FileStore {
  private readonly files = new Map<string, { html: string; at: number }>();

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
    const file = this.files.get(id);
    if (!file || this.clock() - file.at > TTL_MS) return undefined;
    return file.html;
  }

  private sweep(): void {
    const now = this.clock();
    for (const [id, file] of this.files) {
      if (now - file.at <= TTL_MS) break; // insertion order = creation order
      this.files.delete(id);
    }
  }
}

const escapeHtml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

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
    ...opts.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<ol>${opts.links.map((l) => `<li><a href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a></li>`).join('')}</ol>`,
    ...(opts.raw ?? []),
  ].join('\n');
  return `<!doctype html>\n<html lang="${escapeHtml(opts.lang)}"><head><meta charset="utf-8"><title>${escapeHtml(opts.title)}</title></head>\n<body>\n${body}\n</body></html>\n`;
}
