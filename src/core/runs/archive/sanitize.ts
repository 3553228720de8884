import sanitizeHtml from 'sanitize-html';
import { ARCHIVED_PAGE_CSP } from './page-csp';

// An archived page is hostile input: it is kept without any script, event handler, frame,
// form, embedded object, external resource or base URL, so that opening it offline never
// runs code and never reaches the network. What makes it read like the page stays: its
// elements, its <style> blocks and style attributes, and images carried as data: URLs.
//
// sanitize-html (htmlparser2, no DOM) is an allowlist: anything not named below is dropped
// (script and its text, iframe, object, embed, svg, math, link, meta, base, form controls),
// and every on* attribute is dropped because no attribute outside the list survives.

export { ARCHIVED_PAGE_CSP };

const TAGS = [
  ...sanitizeHtml.defaults.allowedTags.filter((t) => t !== 'a'),
  'a',
  'html',
  'head',
  'body',
  'title',
  'style',
  'img',
  'picture',
  'font',
  'center',
  'small',
  'big',
  'u',
  's',
  'del',
  'ins',
  'mark',
  'sub',
  'sup',
  'details',
  'summary',
  'button',
  'label',
];

const COMMON_ATTRIBUTES = [
  'style',
  'class',
  'id',
  'lang',
  'dir',
  'title',
  'role',
  'width',
  'height',
  'align',
  'valign',
  'bgcolor',
  'color',
  'border',
  'cellpadding',
  'cellspacing',
  'colspan',
  'rowspan',
  'aria-*',
  'data-*',
];

// Only inline images: a data: URL of an image type. Anything else would be a request.
const DATA_IMAGE = /^data:image\/(png|gif|jpe?g|webp|avif|bmp|svg\+xml)[;,]/i;

// Old browsers ran code from CSS (expression(), behaviors, bindings, javascript: URLs); none
// does now, but a style attribute that tries is dropped rather than kept inert.
const SCRIPTED_STYLE = /javascript:|expression\s*\(|behavior\s*:|-moz-binding/i;

function withoutScriptedStyle(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  if (!SCRIPTED_STYLE.test(attribs['style'] ?? '')) return attribs;
  const { style: _style, ...rest } = attribs;
  return rest;
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: TAGS,
  allowedAttributes: {
    '*': COMMON_ATTRIBUTES,
    img: [...COMMON_ATTRIBUTES, 'src', 'alt'],
    ol: [...COMMON_ATTRIBUTES, 'start', 'type', 'reversed'],
    td: [...COMMON_ATTRIBUTES, 'headers', 'scope'],
    th: [...COMMON_ATTRIBUTES, 'headers', 'scope'],
    // An http(s) link keeps where it pointed as its tooltip; it has no href, so a click goes nowhere.
    a: [...COMMON_ATTRIBUTES, 'data-href'],
  },
  allowedSchemes: [],
  allowedSchemesByTag: { img: ['data'] },
  allowProtocolRelative: false,
  // Style attributes are kept as written (escaped), not re-parsed: there is no script to hide.
  parseStyleAttributes: false,
  // <style> is listed on purpose: the frame's CSP forbids every fetch its rules could make.
  allowVulnerableTags: true,
  transformTags: {
    '*': (tagName, attribs) => ({ tagName, attribs: withoutScriptedStyle(attribs) }),
    a: (tagName, attribs) => {
      const { href, ...rest } = withoutScriptedStyle(attribs);
      return {
        tagName,
        attribs:
          href && /^https?:/i.test(href)
            ? { ...rest, 'data-href': href, title: rest['title'] ?? href }
            : rest,
      };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !DATA_IMAGE.test(frame.attribs['src'] ?? ''),
};

/**
 * The page without anything that runs or fetches, with a Content-Security-Policy meta as the
 * first element of its head (so even a browser opening the saved file directly loads nothing).
 */
export function sanitizeArchivedPage(html: string): string {
  const clean = sanitizeHtml(html, OPTIONS);
  const head = `<meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${ARCHIVED_PAGE_CSP}">`;
  const withHead = /<head\b[^>]*>/i.test(clean)
    ? clean.replace(/<head\b[^>]*>/i, (open) => `${open}${head}`)
    : /<html[^>]*>/i.test(clean)
      ? clean.replace(/<html([^>]*)>/i, `<html$1><head>${head}</head>`)
      : `<head>${head}</head>${clean}`;
  return `<!doctype html>\n${withHead}`;
}
