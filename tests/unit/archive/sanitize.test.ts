import { describe, expect, it } from 'vitest';
import { ARCHIVED_PAGE_CSP, sanitizeArchivedPage } from '../../../src/core/runs/archive/sanitize';
import { XSS_PAYLOADS } from '../../../src/sandbox';

// What an archived page keeps: its markup, <style> blocks, style attributes and data: images.
// What it loses: everything that runs or fetches.

const page = (head: string, body: string): string =>
  `<!doctype html><html lang="en"><head>${head}</head><body>${body}</body></html>`;

describe('sanitizeArchivedPage', () => {
  it('keeps the page’s styles, inline images and text, with its CSP meta first in the head', () => {
    const html = sanitizeArchivedPage(
      page(
        '<meta charset="utf-8"><title>Shoes</title><style>h1 { color: #123456 }</style>',
        '<h1 style="font-size: 22px">Best shoes</h1><img alt="" src="data:image/png;base64,iVBORw0KGgo="><table><tr><td colspan="2">cell</td></tr></table>',
      ),
    );
    expect(html.startsWith('<!doctype html>\n<html lang="en"><head><meta charset="utf-8">')).toBe(true);
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${ARCHIVED_PAGE_CSP}">`);
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<style>'));
    expect(html).toContain('<title>Shoes</title>');
    expect(html).toContain('<style>h1 { color: #123456 }</style>');
    expect(html).toContain('<h1 style="font-size: 22px">Best shoes</h1>');
    expect(html).toContain('src="data:image/png;base64,iVBORw0KGgo="');
    expect(html).toContain('<td colspan="2">cell</td>');
  });

  it('drops scripts, handlers, frames, objects, forms, external resources and live links', () => {
    const html = sanitizeArchivedPage(
      page(
        '<meta http-equiv="refresh" content="0;url=https://evil.example"><base href="https://evil.example/">' +
          '<link rel="stylesheet" href="https://cdn.example/a.css"><script src="https://cdn.example/a.js"></script>' +
          '<script>document.title = "ran"</script>',
        `<div onclick="alert(1)" onmouseover="alert(2)">hover</div>
         <img src="https://tracker.example/pixel.gif"><img src="data:text/html;base64,PHNjcmlwdD4=">
         <a href="https://example.com/article">an article</a>
         <form action="https://evil.example"><input name="q"><textarea>t</textarea></form>
         <embed src="https://evil.example/x.swf"><video src="https://evil.example/v.mp4"></video>
         ${XSS_PAYLOADS.join('\n')}`,
      ),
    );
    expect(html).not.toMatch(/<(script|iframe|object|embed|svg|form|input|link|base|video)\b/i);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(html).not.toMatch(/<meta http-equiv="refresh"/i);
    expect(html).not.toMatch(/\shref=|src="https?:|src="data:text/i);
    expect(html).not.toMatch(/javascript:[^)]*\)"/i);
    expect(html).toContain('<a>details</a>');
    expect(html).toContain('>hover</div>');
    expect(html).toContain('<div>styled</div>');
    // A link keeps where it pointed as its tooltip, but has nowhere to go.
    expect(html).toContain(
      '<a data-href="https://example.com/article" title="https://example.com/article">an article</a>',
    );
  });

  it('wraps a fragment without html or head in a document that carries the CSP', () => {
    const html = sanitizeArchivedPage('<p>just text</p><script>alert(1)</script>');
    expect(html).toBe(
      `<!doctype html>\n<head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${ARCHIVED_PAGE_CSP}"></head><p>just text</p>`,
    );
  });
});
