import { readFile, stat } from 'node:fs/promises';
import sanitizeHtml from 'sanitize-html';
import { decodeLogo, REPORT_LOGO_MAX_BYTES, type ReportLogoType } from '../../../shared/reports/branding';

// A client report's logo: a PNG, JPEG or SVG file read once, size-capped, and kept as a data:
// URI in the monitor's options, so the report stays one self-contained file. The report shows
// it in an <img> (an image document never runs scripts nor loads anything), and an SVG is
// sanitised besides: only drawing elements and attributes are kept (sanitize-html with an SVG
// allowlist, in XML mode so viewBox keeps its case), references only within the file (#id),
// no script, no event handler, no style sheet, no foreign object. What a PNG or JPEG is is read
// from its first bytes, not its name.

export class LogoError extends Error {
  override readonly name = 'LogoError';
}

const SVG_TAGS = [
  'svg',
  'g',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'defs',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'use',
  'title',
  'desc',
  'symbol',
];
const SVG_ATTRIBUTES = [
  'id',
  'class',
  'd',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'width',
  'height',
  'points',
  'viewBox',
  'preserveAspectRatio',
  'fill',
  'fill-opacity',
  'fill-rule',
  'clip-rule',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-opacity',
  'opacity',
  'transform',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'clip-path',
  'mask',
  'font-family',
  'font-size',
  'font-weight',
  'text-anchor',
  'dominant-baseline',
  'letter-spacing',
  'href',
  'xlink:href',
  'xmlns',
  'xmlns:xlink',
  'version',
];

/** Keeps `url(#id)` references, drops every other url(). */
const localUrls = (value: string): string => value.replace(/url\(\s*(?!['"]?#)[^)]*\)/gi, 'none');

/** The SVG with only drawing elements and attributes left; throws when nothing drawable remains. */
export function sanitizeSvg(svg: string): string {
  const clean = sanitizeHtml(svg, {
    allowedTags: SVG_TAGS,
    allowedAttributes: { '*': SVG_ATTRIBUTES },
    allowedSchemes: [],
    allowedSchemesAppliedToAttributes: [],
    parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false },
    allowVulnerableTags: false,
    disallowedTagsMode: 'discard',
    // Dropped with everything inside them, text included.
    nonTextTags: ['script', 'style', 'foreignObject', 'textarea', 'noscript'],
    transformTags: {
      '*': (tagName, attribs) => {
        const kept: Record<string, string> = {};
        for (const [name, value] of Object.entries(attribs)) {
          const lower = name.toLowerCase();
          // References only within the file: no link to elsewhere, no javascript:.
          if ((lower === 'href' || lower === 'xlink:href') && !value.trim().startsWith('#')) continue;
          kept[name] = localUrls(value);
        }
        return { tagName, attribs: kept };
      },
    },
  }).trim();
  if (!/^<svg[\s>]/i.test(clean)) throw new LogoError('The SVG has no <svg> drawing Parallax can keep');
  if (/<script|\son\w+\s*=|javascript:/i.test(clean)) throw new LogoError('The SVG still holds a script');
  return clean;
}

function kindOf(bytes: Uint8Array): ReportLogoType | null {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const head = Buffer.from(bytes.subarray(0, 1024))
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head)
    ? 'image/svg+xml'
    : null;
}

/** A logo's bytes as a sanitised data: URI (PNG and JPEG as they are, SVG cleaned). */
export function logoDataUri(bytes: Uint8Array): string {
  if (bytes.length > REPORT_LOGO_MAX_BYTES)
    throw new LogoError(
      `The logo is ${Math.ceil(bytes.length / 1024)} KB: at most ${REPORT_LOGO_MAX_BYTES / 1024} KB`,
    );
  const type = kindOf(bytes);
  if (!type) throw new LogoError('The logo must be a PNG, JPEG or SVG image');
  const body =
    type === 'image/svg+xml'
      ? Buffer.from(sanitizeSvg(Buffer.from(bytes).toString('utf8')), 'utf8')
      : Buffer.from(bytes);
  return `data:${type};base64,${body.toString('base64')}`;
}

/** Reads a logo file (checked before it is read whole: a huge file is refused by its size). */
export async function readLogoFile(path: string): Promise<string> {
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new LogoError(
      `The logo ${path} cannot be read (${code === 'ENOENT' ? 'no such file' : String(code)})`,
    );
  }
  if (size > REPORT_LOGO_MAX_BYTES)
    throw new LogoError(
      `The logo is ${Math.ceil(size / 1024)} KB: at most ${REPORT_LOGO_MAX_BYTES / 1024} KB`,
    );
  return logoDataUri(await readFile(path));
}

/**
 * A stored or submitted logo checked again: decoded, its type read from its bytes, an SVG
 * sanitised anew (a data: URI that did not come from logoDataUri cannot carry a script in).
 */
export function recheckLogo(uri: string): string {
  const decoded = decodeLogo(uri);
  if (!decoded) throw new LogoError('The logo must be a PNG, JPEG or SVG image');
  return logoDataUri(decoded.bytes);
}
