import type { ResultView } from '../../../shared/ipc/channels/runs';
import { engineLabelFrom, type EngineLabelOf } from '../../../shared/profile';
import { escapeHtml, safeHttpUrl } from './html-escape';

// A self-contained HTML page comparing results side by side, to send to a client. No
// script at all, inline CSS only, every piece of engine text escaped; a CSP meta tag
// forbids scripts and remote loads as a second line of defence.

export interface CompareReportOptions {
  title: string;
  /** Shown in the footer; defaults to now. */
  generatedAt?: number;
  /** Sources listed per result. */
  maxSources?: number;
  /** Each answer's archived page (src/core/runs/archive's createReportPageSections), after its sources. */
  pageSection?: (resultId: string) => string;
  /** Engine id → the service profile's label (the spec's labels when absent). */
  labelOf?: EngineLabelOf;
}

export const REPORT_CSS = `
*{box-sizing:border-box}
body{font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:24px;color:#1d2430;background:#fff}
h1{font-size:22px;margin:0 0 4px}
.meta{color:#5b6472;margin:0 0 20px}
.synthetic{background:#fff4d6;border:1px solid #e8c66a;padding:8px 12px;border-radius:6px;margin-bottom:16px}
.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(320px,1fr));gap:16px}
.col{border:1px solid #d8dde6;border-radius:8px;padding:14px;overflow-wrap:anywhere}
.col h2{font-size:15px;margin:0 0 2px}
.col .sub{color:#5b6472;font-size:12px;margin-bottom:10px}
.prompt{font-style:italic;color:#37404d;margin-bottom:10px}
.answer p{margin:0 0 8px;white-space:pre-wrap}
h3{font-size:13px;text-transform:uppercase;letter-spacing:.04em;color:#5b6472;margin:14px 0 6px}
ol{padding-left:20px;margin:0}
li{margin-bottom:4px}
.domain{color:#5b6472;font-size:12px}
.tags span{display:inline-block;background:#eef1f6;border-radius:10px;padding:1px 8px;margin:0 4px 4px 0;font-size:12px}
footer{margin-top:24px;color:#8a93a1;font-size:12px}
`;

function location(r: ResultView): string {
  return r.state ? `US-${r.state}` : r.country;
}

/** One answer as a card: engine, location, prompt, text, sources and entities, all escaped. */
export function resultColumn(
  r: ResultView,
  maxSources: number,
  labelOf: EngineLabelOf,
  pageSection?: (resultId: string) => string,
): string {
  const n = r.normalized;
  const paragraphs = n.text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0)
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('');
  const sources = n.sources
    .slice(0, maxSources)
    .map((s) => {
      const href = safeHttpUrl(s.url);
      const label = escapeHtml(s.title ?? s.url);
      const link = href ? `<a href="${escapeHtml(href)}" rel="noopener noreferrer">${label}</a>` : label;
      return `<li>${link} <span class="domain">${escapeHtml(s.domain)}</span></li>`;
    })
    .join('');
  const entities = n.entities.map((e) => `<span>${escapeHtml(e.name)}</span>`).join('');
  return [
    '<section class="col">',
    `<h2>${escapeHtml(labelOf(r.engine))} · ${escapeHtml(location(r))}</h2>`,
    `<div class="sub">repeat ${r.repeat} · ${escapeHtml(new Date(r.fetchedAt).toISOString())}${r.sandbox ? ' · synthetic' : ''}</div>`,
    `<div class="prompt">${escapeHtml(r.prompt)}</div>`,
    `<div class="answer">${paragraphs || '<p><em>No answer text.</em></p>'}</div>`,
    sources ? `<h3>Sources (${n.sources.length})</h3><ol>${sources}</ol>` : '<h3>Sources</h3><p>None.</p>',
    entities ? `<h3>Brands and entities</h3><div class="tags">${entities}</div>` : '',
    pageSection?.(r.resultId) ?? '',
    '</section>',
  ].join('');
}

/** The document's start: CSP that loads nothing and runs no script, inline CSS, the title. */
export function reportHead(title: string, extraCss = ''): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`,
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${REPORT_CSS}${extraCss}</style></head><body>`,
  ].join('\n');
}

export function buildCompareReport(results: ResultView[], options: CompareReportOptions): string {
  const maxSources = options.maxSources ?? 10;
  const labelOf = options.labelOf ?? engineLabelFrom({});
  const generated = new Date(options.generatedAt ?? Date.now()).toISOString();
  const synthetic = results.some((r) => r.sandbox)
    ? '<div class="synthetic">Contains synthetic answers from the Parallax sandbox, not real engine output.</div>'
    : '';
  return [
    reportHead(options.title),
    `<h1>${escapeHtml(options.title)}</h1>`,
    `<p class="meta">${results.length} result${results.length === 1 ? '' : 's'}</p>`,
    synthetic,
    `<div class="grid">${results.map((r) => resultColumn(r, maxSources, labelOf, options.pageSection)).join('')}</div>`,
    `<footer>Generated by Parallax on ${escapeHtml(generated)}.</footer>`,
    '</body></html>',
  ].join('\n');
}
