import { byEngineOrder } from '../../../shared/api/engines';
import type { BrandMetrics } from '../../../shared/visibility/types';
import { engineName, locationName, rateIntervalText, rateText } from './format';
import { heatColor, section, t } from './html-parts';
import type { ClientReport } from './types';

// The report's "place × AI engine" heatmap: the focus brand's mention rate per place and engine.
// The longer of the two lists runs down the page and the shorter across it, so the table fits
// the page's width whichever the monitor has more of: six places on one engine (places down), or
// two places on every engine (engines down; eight engine columns ran off the side of the page).

export function heatmapSection(r: Pick<ClientReport, 'focus' | 'heatmap' | 'labels'>): string {
  if (!r.focus) return '';
  const focusId = r.focus.id;
  const rows = r.heatmap.rows.filter((x) => x.brandId === focusId);
  const locations = [...new Set(rows.map((x) => x.bucket.location ?? ''))].sort();
  const engines = [...new Set(rows.map((x) => x.bucket.engine ?? ''))].sort(byEngineOrder);
  const cell = (loc: string, eng: string): BrandMetrics | undefined =>
    rows.find((x) => x.bucket.location === loc && x.bucket.engine === eng);
  const enginesDown = engines.length > locations.length;
  const down = enginesDown ? engines : locations;
  const across = enginesDown ? locations : engines;
  const name = (key: string, isEngine: boolean): string =>
    isEngine ? engineName(key, r.labels) : locationName(key);
  const td = (a: string, b: string): string => {
    const [loc, eng] = enginesDown ? [b, a] : [a, b];
    const m = cell(loc, eng);
    if (!m) return '<td class="heat empty">–</td>';
    const s = m.mentionRate;
    const dark = (s.value ?? 0) > 0.55;
    return `<td class="heat${dark ? ' dark' : ''}" data-location="${t(loc)}" data-engine="${t(eng)}" data-value="${s.value ?? ''}" style="background-color:${heatColor(s.value)}">${t(rateText(s))}<span class="sub">${t(rateIntervalText(s))} · ${s.n} answers</span></td>`;
  };
  const body =
    rows.length === 0
      ? '<p class="muted">No answers in this period.</p>'
      : [
          `<table class="heatmap" aria-label="Mention rate of ${t(r.focus.name)} by location and engine"><thead><tr><th scope="col">${enginesDown ? 'Engine' : 'Location'}</th>`,
          ...across.map((key) => `<th scope="col">${t(name(key, !enginesDown))}</th>`),
          '</tr></thead><tbody>',
          ...down.map(
            (key) =>
              `<tr><th scope="row">${t(name(key, enginesDown))}</th>${across.map((other) => td(key, other)).join('')}</tr>`,
          ),
          '</tbody></table>',
        ].join('');
  return section(
    'heatmap',
    `Where ${r.focus.name} is named: place × AI engine`,
    body,
    'Mention rate per place and engine over the period, with its likely range and the answers behind it.',
  );
}
