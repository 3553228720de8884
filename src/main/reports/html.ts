import { engineName, isoDateTime, locationName } from './format';
import { t } from './html-parts';
import { alertsSection, evidenceSection } from './html-findings';
import {
  gapsSection,
  heatmapSection,
  kpiSection,
  leaderboardSection,
  ownUrlsSection,
  sourcesSection,
  trendSection,
} from './html-sections';
import type { ClientReport } from './types';

// The client report as one self-contained HTML file: inline CSS (light, print-friendly), charts
// as inline SVG, no script at all, and a CSP meta that forbids scripts and every remote load as a
// second line of defence. Readable offline in any browser. Same look as the compare report
// (src/main/export/compare-report.ts).

export const REPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

const CSS = `
*{box-sizing:border-box}
body{font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:24px auto;max-width:1080px;padding:0 24px;color:#1d2430;background:#fff}
h1{font-size:24px;margin:0 0 4px}
h2{font-size:18px;margin:0 0 6px;padding-bottom:4px;border-bottom:1px solid #d8dde6}
h3{font-size:15px;margin:16px 0 4px}
a{color:#1f4fb4}
.meta{color:#5b6472;margin:0 0 4px}
.note{color:#5b6472;font-size:12.5px;margin:0 0 10px}
.muted{color:#5b6472}
.sub{display:block;color:#5b6472;font-size:11.5px}
.synthetic,.partial{background:#fff4d6;border:1px solid #e8c66a;padding:8px 12px;border-radius:6px;margin:12px 0}
.section{margin:28px 0;break-inside:auto}
.kpis{display:grid;grid-template-columns:repeat(auto-fit,minmax(220px,1fr));gap:12px}
.kpi{border:1px solid #d8dde6;border-radius:8px;padding:12px;break-inside:avoid}
.kpi-label{color:#5b6472;font-size:12px;text-transform:uppercase;letter-spacing:.04em}
.kpi-value{font-size:26px;font-weight:600}
.kpi-sub{color:#5b6472;font-size:12px}
.kpi-change{margin-top:4px}
.change.up{color:#146c2e}.change.down{color:#b3261e}.change.ns{color:#6b7280;font-style:italic}
.trends{display:grid;grid-template-columns:repeat(auto-fit,minmax(420px,1fr));gap:16px}
figure.trend{margin:0;border:1px solid #d8dde6;border-radius:8px;padding:8px 10px;break-inside:avoid}
figcaption{font-weight:600;font-size:13px;margin-bottom:2px}
svg.chart{display:block;max-width:100%;height:auto}
table{border-collapse:collapse;width:100%;font-size:13px}
th,td{text-align:left;padding:5px 8px;border-bottom:1px solid #e3e7ee;vertical-align:top;overflow-wrap:break-word}
.url{overflow-wrap:anywhere}
.kinds{margin:0 0 8px}.kinds .tag{margin:0 6px 4px 0}
thead th{background:#f4f6f9;font-size:12px;color:#37404d}
td.num{white-space:nowrap}
.nowrap{white-space:nowrap}
tr{break-inside:avoid}
.heatmap td.heat{text-align:center;white-space:nowrap;border:2px solid #fff;color:#1d2430}
.heatmap td.heat.dark{color:#fff}.heatmap td.heat.dark .sub{color:#e8eefc}
.heatmap td.empty{color:#8a93a1;text-align:center}
.tag{display:inline-block;background:#eef1f6;border-radius:10px;padding:0 8px;font-size:11.5px;color:#37404d}
.evidence{margin-bottom:12px}
.answer{border:1px solid #d8dde6;border-radius:8px;padding:10px 12px;margin:8px 0;break-inside:avoid;overflow-wrap:anywhere}
.answer-meta{color:#5b6472;font-size:12px}
.prompt{font-style:italic;color:#37404d;margin:2px 0 6px}
blockquote{margin:0 0 6px;padding:6px 10px;border-left:3px solid #c9d0db;background:#f8f9fb;white-space:pre-wrap}
ol.sources{margin:2px 0 0;padding-left:20px;font-size:12.5px;columns:2 320px;column-gap:24px}
ol.sources li{break-inside:avoid}
.domain{color:#5b6472;font-size:11.5px}
footer{margin-top:32px;color:#8a93a1;font-size:12px;border-top:1px solid #e3e7ee;padding-top:8px}
@media print{body{margin:0;max-width:none;padding:0 8mm;font-size:11.5px}a{color:inherit}.section{margin:16px 0}h2{break-after:avoid}}
`;

function header(r: ClientReport): string {
  const m = r.monitor;
  const p = r.period;
  return [
    `<h1>${t(r.title)}</h1>`,
    `<p class="meta">${t(`${p.from} to ${p.to} (${p.days} day${p.days === 1 ? '' : 's'}) · ${r.answers.toLocaleString('en')} answers from ${r.runs.toLocaleString('en')} run${r.runs === 1 ? '' : 's'}`)}</p>`,
    `<p class="meta">${t(`${m.prompts} prompt${m.prompts === 1 ? '' : 's'} · ${m.engines.map(engineName).join(', ')} · ${m.locations.map(locationName).join(', ')} · ${m.repeats} repeat${m.repeats === 1 ? '' : 's'} · cadence ${m.cadence}`)}</p>`,
    r.synthetic
      ? '<div class="synthetic">Contains synthetic answers from the Parallax sandbox, not real engine output.</div>'
      : '',
    r.partial
      ? `<div class="partial">${t(`Brand numbers are partial: stored answers were being re-analysed after a brand change (${r.partial.done} of ${r.partial.total}).`)}</div>`
      : '',
  ].join('');
}

const METHOD =
  'Rates are shares of answers with their 95 % Wilson interval and n (the answers behind them); the average position is a mean with a 95 % normal interval. ' +
  'Each period is compared with the previous period of the same length; a change is marked "not significant" when the two intervals overlap.';

/** The whole report page. */
export function buildReportHtml(r: ClientReport): string {
  const body =
    r.answers === 0
      ? `<section id="empty" class="section"><p class="muted">${t(r.empty ?? 'No answers in this period')}.</p></section>`
      : [
          kpiSection(r),
          trendSection(r),
          heatmapSection(r),
          leaderboardSection(r),
          sourcesSection(r),
          gapsSection(r),
          ownUrlsSection(r),
          alertsSection(r),
          evidenceSection(r),
        ].join('\n');
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}">`,
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${t(`${r.title} · ${r.period.from} to ${r.period.to}`)}</title>`,
    `<style>${CSS}</style></head><body>`,
    header(r),
    body,
    `<footer><p>${t(METHOD)}</p><p>${t(`Generated by Parallax on ${isoDateTime(r.generatedAt)} UTC.`)}</p></footer>`,
    '</body></html>',
  ].join('\n');
}
