import type { Answer, Source } from './answer';
import { renderHtmlPage, type FileStore } from './files';
import { redirectLink } from './redirect';
import { XSS_PAYLOADS } from './xss';

// Pieces several engines share: citation pills, stored HTML, the sources an answer shows.

export type Json = Record<string, unknown>;

export interface EngineContext {
  files: FileStore;
}

/** One pill per (pill, source) pair; the third pill groups two sources, as real answers do. */
export function citationPills(
  sources: Source[],
  firstId: 0 | 1,
  opts: { type?: boolean; redirect?: boolean } = {},
): Json[] {
  const pills: Json[] = [];
  const shown = sources.slice(0, 5);
  let id = firstId;
  for (let i = 0; i < shown.length; i++) {
    const group = i === 2 && shown[i + 1] ? [i, i + 1] : [i];
    for (const j of group) {
      const s = shown[j] as Source;
      const pill: Json = {
        citationPillId: id,
        label: s.label,
        url: s.url,
        domain: s.domain,
        position: j + 1,
      };
      if (opts.type) pill.type = group.length > 1 ? 'groupedWebpage' : 'searchResult';
      if (opts.redirect) pill.redirectLink = redirectLink(s.url);
      pills.push(pill);
    }
    if (group.length > 1) i += 1;
    id += 1;
  }
  return pills;
}

export function basicSources(sources: Source[], extra?: (s: Source) => Json): Json[] {
  return sources.map((s, i) => ({
    position: i + 1,
    url: s.url,
    label: s.label,
    description: s.description,
    ...(extra ? extra(s) : {}),
  }));
}

export function storeHtml(ctx: EngineContext, answer: Answer, title: string): string {
  return ctx.files.put(
    renderHtmlPage({
      title,
      lang: answer.locale.lang,
      paragraphs: answer.text
        .split('\n\n')
        .filter((p) => !answer.xss || !XSS_PAYLOADS.some((x) => p.includes(x))),
      links: answer.sources.map((s) => ({ url: s.url, label: s.label })),
      raw: answer.xss ? [...XSS_PAYLOADS] : [],
    }),
  );
}

/** Opaque stream events for engines whose raw payload is undocumented. */
export function opaqueRaw(answer: Answer): Json[] {
  const chunks = chunk(answer.text, 6);
  return [
    { event: 'start', id: answer.key.toString(16) },
    ...chunks.map((c, i) => ({ event: 'delta', index: i, data: c })),
    { event: 'done' },
  ];
}

export function chunk(text: string, parts: number): string[] {
  const size = Math.max(1, Math.ceil(text.length / parts));
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}
