import type { ArchivedPage } from '../../history';

// The archived page of each answer inside an HTML report (the compare report): the page as it
// was kept at ingest, never the live link (it expires 24 h after the answer). It goes in a
// frame with an empty sandbox (no script), as srcdoc, so it is under the report's own CSP
// (inline styles and data: images only) and its own. A page that was not archived says why.

/** Pages embedded in one report, in bytes of HTML, before the rest are left out. */
export const REPORT_PAGES_MAX_BYTES = 8 * 1024 * 1024;

const escapeAttribute = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const escapeText = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const FRAME_STYLE = 'width:100%;height:420px;border:1px solid #d8dde6;border-radius:6px;background:#fff';

/**
 * A section per answer for one report: the archived page (while the report's page budget
 * lasts), or why there is none. `read` is the store's getArchivedPage.
 */
export function createReportPageSections(
  read: (resultId: string, index: number) => ArchivedPage | null,
  maxBytes = REPORT_PAGES_MAX_BYTES,
): (resultId: string) => string {
  let used = 0;
  return (resultId) => {
    const page = read(resultId, 0);
    if (!page) return '';
    const heading = '<h3>Archived page</h3>';
    if (page.html === null) {
      const why =
        page.state === 'pending' ? 'not archived yet' : `not archived: ${page.reason ?? 'unknown reason'}`;
      return `${heading}<p class="domain">${escapeText(why)}</p>`;
    }
    const bytes = Buffer.byteLength(page.html);
    if (used + bytes > maxBytes)
      return `${heading}<p class="domain">Left out: the report already holds ${Math.round(maxBytes / (1024 * 1024))} MB of pages (parallax page ${escapeText(resultId)} writes it).</p>`;
    used += bytes;
    return `${heading}<iframe class="archived-page" style="${FRAME_STYLE}" title="Archived page" sandbox="" srcdoc="${escapeAttribute(page.html)}"></iframe>`;
  };
}
