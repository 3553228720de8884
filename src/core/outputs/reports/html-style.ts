// The client report's style sheet: light, print-friendly. On paper (and in the PDF) pages are
// A4 with margins; the summary, key numbers and what follows fill the first page (no section
// but the appendix, how the report was made and how to read it, starts a page of its own, so no
// page is left half blank); a heading never ends a page, nor the note under it, and the key
// numbers (heading, note and cards) print on one page; table rows, key-number cards, charts and answers are never cut; tables have a fixed
// layout as wide as the page and their cells wrap (a long word breaks only when it cannot fit),
// so no column runs past the right margin; table headers repeat on each page. Colours print as
// shown (the heatmap, the brands' colours).

export const REPORT_CSS = `
*{box-sizing:border-box}
body{font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:24px auto;max-width:1080px;padding:0 24px;color:#1d2430;background:#fff}
h1{font-size:24px;margin:0 0 4px}
h2{font-size:18px;margin:0 0 6px;padding-bottom:4px;border-bottom:2px solid var(--accent)}
h3{font-size:15px;margin:16px 0 4px}
a{color:#1f4fb4}
.report-head{display:flex;gap:16px;align-items:center;border-left:6px solid var(--accent);padding-left:14px;margin-bottom:8px}
.report-head .logo{max-height:64px;max-width:180px;object-fit:contain}
.client{margin:0;color:var(--accent);font-weight:600;letter-spacing:.02em}
.meta{color:#5b6472;margin:0 0 4px}
.note{color:#5b6472;font-size:12.5px;margin:0 0 10px}
.muted{color:#5b6472}
.sub{display:block;color:#5b6472;font-size:11.5px}
.synthetic,.partial{background:#fff4d6;border:1px solid #e8c66a;padding:8px 12px;border-radius:6px;margin:12px 0}
.section{margin:28px 0;break-inside:auto}
.lead{font-size:16px;margin:4px 0 8px}
.findings{margin:0 0 8px;padding-left:20px}.finding{margin:4px 0;font-size:15px}
.steady{color:#5b6472}
.kpis{display:grid;grid-template-columns:repeat(auto-fit,minmax(220px,1fr));gap:12px}
.kpi{border:1px solid #d8dde6;border-top:3px solid var(--accent);border-radius:8px;padding:12px;break-inside:avoid}
.kpi-label{color:#5b6472;font-size:12px;text-transform:uppercase;letter-spacing:.04em}
.kpi-value{font-size:26px;font-weight:600}
.kpi-sub{color:#5b6472;font-size:12px}
.kpi-change{margin-top:4px}
.change.up{color:#146c2e}.change.down{color:#b3261e}.change.ns{color:#6b7280;font-style:italic}
.trends{display:grid;grid-template-columns:repeat(auto-fit,minmax(420px,1fr));gap:16px}
figure.trend{margin:0;border:1px solid #d8dde6;border-radius:8px;padding:8px 10px;break-inside:avoid}
figcaption{font-weight:600;font-size:13px;margin-bottom:2px}
svg.chart{display:block;max-width:100%;height:auto}
.legend{list-style:none;margin:0 0 8px;padding:0;display:flex;flex-wrap:wrap;gap:4px 16px;font-size:12.5px}
.swatch{display:inline-block;width:14px;height:4px;border-radius:2px;margin-right:6px;vertical-align:middle}
figure.sov{max-width:720px}
.caveat{background:#fff4d6;border:1px solid #e8c66a;padding:6px 10px;border-radius:6px;font-size:13px}
.method div{display:grid;grid-template-columns:160px 1fr;gap:8px;margin:0 0 4px;break-inside:avoid}
.method dt{font-weight:600}.method dd{margin:0}
#method{break-inside:avoid}
ol.questions{margin:2px 0 10px;padding-left:24px;columns:2 300px;column-gap:28px}
ol.questions li{break-inside:avoid;margin:0 0 3px}
table{border-collapse:collapse;width:100%;font-size:13px;table-layout:fixed}
th,td{text-align:left;padding:5px 8px;border-bottom:1px solid #e3e7ee;vertical-align:top;overflow-wrap:break-word;word-wrap:break-word}
thead th:first-child{width:18%}
.url{overflow-wrap:anywhere}
.kinds{margin:0 0 8px}.kinds .tag{margin:0 6px 4px 0}
thead th{background:#f4f6f9;font-size:12px;color:#37404d}
thead{display:table-header-group}
td.num{font-variant-numeric:tabular-nums}
tr{break-inside:avoid}
.heatmap td.heat{text-align:center;border:2px solid #fff;color:#1d2430}
.heatmap td.heat.dark{color:#fff}.heatmap td.heat.dark .sub{color:#e8eefc}
.heatmap td.empty{color:#8a93a1;text-align:center}
.tag{display:inline-block;background:#eef1f6;border-radius:10px;padding:0 8px;font-size:11.5px;color:#37404d}
.digest{margin:0 0 12px;break-inside:avoid}.digest ul{margin:2px 0;padding-left:20px}
.evidence{margin-bottom:12px}
.answer{border:1px solid #d8dde6;border-radius:8px;padding:10px 12px;margin:8px 0;break-inside:avoid;overflow-wrap:anywhere}
.answer-meta{color:#5b6472;font-size:12px}
.prompt{font-style:italic;color:#37404d;margin:2px 0 6px}
blockquote{margin:0 0 6px;padding:6px 10px;border-left:3px solid #c9d0db;background:#f8f9fb;white-space:pre-wrap}
ol.sources{margin:2px 0 0;padding-left:20px;font-size:12.5px;columns:2 320px;column-gap:24px}
ol.sources li{break-inside:avoid}
.domain{color:#5b6472;font-size:11.5px}
.glossary div{margin:0 0 8px;break-inside:avoid}.glossary dt{font-weight:600}.glossary dd{margin:0 0 0 0}
footer{margin-top:32px;color:#8a93a1;font-size:12px;border-top:1px solid #e3e7ee;padding-top:8px}
@page{size:A4;margin:14mm 12mm 16mm}
@media print{
body{margin:0;max-width:none;padding:0;font-size:11px;-webkit-print-color-adjust:exact;print-color-adjust:exact}
a{color:inherit;text-decoration:none}
.section{margin:14px 0}
h1,h2,h3{break-after:avoid}
h2+.note{break-after:avoid}
#kpis{break-inside:avoid}
.trends{display:block}figure.trend{margin:0 0 10px}
#method{break-before:page}
.glossary div{margin:0 0 4px}
footer{margin-top:12px}
table{font-size:10.5px}
thead th{font-size:10px}
th,td{padding:3px 5px}
.kpi-value{font-size:20px}
.kpis{grid-template-columns:repeat(4,1fr);gap:8px}
.kpi{padding:8px}
}
`;
