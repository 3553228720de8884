import { plural, listJoin } from '../../../shared/narrative/words';
import { engineName, longDate, locationName } from './format';
import { t } from './html-parts';
import { alertsSection, evidenceSection } from './html-findings';
import { kpiSection, leaderboardSection, ownUrlsSection } from './html-sections';
import { gapsSection, siteKindsSection, sourcesSection } from './html-sources';
import { methodSection, questionsSection } from './html-method';
import { positioningSection } from './html-positioning';
import { commerceSection } from './html-commerce';
import { shareOfVoiceSection, trendSection } from './html-trends';
import { engineBoardSection } from './html-engine-board';
import { heatmapSection } from './html-heatmap';
import { glossarySection, summarySection } from './html-summary';
import { REPORT_CSS } from './html-style';
import type { ClientReport } from './types';

// The client report as one self-contained HTML file: inline CSS (light, made for print: A4
// pages, no table or chart cut across a page), charts as inline SVG, the logo as a data: image,
// no script at all, and a CSP meta that forbids scripts and every remote load as a second line
// of defence. Readable offline in any browser; the same page is printed to PDF. Its words are
// the client's: the title is the client's name and the report's subject (never the internal
// monitor name), no term of the trade without the glossary at the end explaining it.

export const REPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/** The accent as CSS may take it (#rgb or #rrggbb, else the default). */
const safeAccent = (accent: string): string =>
  /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(accent) ? accent : '#2456c9';

function header(r: ClientReport): string {
  const m = r.monitor;
  const p = r.period;
  const engines = listJoin(m.engines.map((e) => engineName(e, r.labels)));
  const places = listJoin(m.locations.map(locationName));
  const logo = r.look.logo ? `<img class="logo" src="${t(r.look.logo)}" alt="${t(r.look.clientName)}">` : '';
  return [
    `<header class="report-head">${logo}<div>`,
    `<p class="client">${t(r.look.clientName)}</p>`,
    `<h1>${t(r.title)}</h1>`,
    `<p class="meta">${t(`${longDate(p.from)} to ${longDate(p.to)} (${plural(p.days, 'day')}) · ${plural(r.answers, 'answer')} to ${plural(m.prompts, 'tracked question')} · ${engines} · ${places}`)}</p>`,
    '</div></header>',
    r.synthetic
      ? '<div class="synthetic">Contains synthetic answers from the Parallax sandbox, not real engine output.</div>'
      : '',
    r.partial
      ? `<div class="partial">${t(`Brand figures are still being updated after a change to the tracked brands (${r.partial.done} of ${r.partial.total} answers done).`)}</div>`
      : '',
  ].join('');
}

/** The whole report page. */
export function buildReportHtml(r: ClientReport): string {
  const body =
    r.answers === 0
      ? `<section id="empty" class="section"><p class="muted">${t(r.empty ?? 'No answers in this period')}.</p></section>`
      : [
          summarySection(r),
          kpiSection(r),
          positioningSection(r),
          trendSection(r),
          shareOfVoiceSection(r),
          heatmapSection(r),
          leaderboardSection(r),
          engineBoardSection(r),
          sourcesSection(r),
          siteKindsSection(r),
          gapsSection(r),
          ownUrlsSection(r),
          commerceSection(r),
          alertsSection(r),
          evidenceSection(r),
          questionsSection(r),
          methodSection(r),
          glossarySection(r.commerce ? 'commerce' : null),
        ].join('\n');
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}">`,
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${t(`${r.title} · ${longDate(r.period.from)} to ${longDate(r.period.to)}`)}</title>`,
    `<style>:root{--accent:${safeAccent(r.look.accent)}}${REPORT_CSS}</style></head><body>`,
    header(r),
    body,
    `<footer><p>${t(`Prepared with Parallax on ${longDate(r.generatedAt)}.`)}</p></footer>`,
    '</body></html>',
  ].join('\n');
}
