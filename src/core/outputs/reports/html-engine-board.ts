import { engineBoard, isLowN } from '../../../shared/visibility/engine-board';
import { engineName, rateIntervalText, rateText } from './format';
import { section, t } from './html-parts';
import type { ClientReport } from './types';

// The report's "brands by AI engine": every tracked brand's mention rate on each engine, side
// by side (the Visibility view's leaderboard "By engine", on the same pivot). Engines run down
// the page in the catalog's order and brands across (the focus brand first), so eight engines
// fit the page's width; a rate resting on few answers says so in words.

export function engineBoardSection(
  r: Pick<ClientReport, 'focus' | 'brands' | 'byEngine' | 'labels'>,
): string {
  if (!r.byEngine) return '';
  const focusId = r.focus?.id ?? null;
  const board = engineBoard(r.byEngine, focusId);
  // One engine is the leaderboard itself.
  if (board.engines.length < 2) return '';
  const name = (id: string): string => r.brands.find((b) => b.id === id)?.name ?? id;
  const brandHead = (id: string, scope: 'col' | 'row'): string =>
    `<th scope="${scope}">${t(name(id))}${id === focusId ? ' <span class="tag">your brand</span>' : ''}</th>`;
  const engineHead = (engine: string, scope: 'col' | 'row'): string =>
    `<th scope="${scope}">${t(engineName(engine, r.labels))}</th>`;
  const cell = (engine: string, row: (typeof board.rows)[number]): string => {
    const m = row.cells[engine]?.mentionRate;
    if (!m || m.n === 0) return '<td class="num muted">–</td>';
    const few = isLowN(m.n);
    const range = rateIntervalText(m);
    return `<td class="num${few ? ' muted' : ''}" data-engine="${t(engine)}" data-brand="${t(row.brandId)}" data-value="${m.value ?? ''}" data-n="${m.n}">${t(rateText(m))}<span class="sub">${range ? `${t(range)} · ` : ''}${m.n} answers${few ? ', few' : ''}</span></td>`;
  };
  const brandsDown = board.rows.length > board.engines.length;
  const table = brandsDown
    ? [
        `<thead><tr><th scope="col">Brand</th>${board.engines.map((e) => engineHead(e, 'col')).join('')}</tr></thead>`,
        `<tbody>${board.rows.map((row) => `<tr>${brandHead(row.brandId, 'row')}${board.engines.map((e) => cell(e, row)).join('')}</tr>`).join('')}</tbody>`,
      ]
    : [
        `<thead><tr><th scope="col">Engine</th>${board.rows.map((row) => brandHead(row.brandId, 'col')).join('')}</tr></thead>`,
        `<tbody>${board.engines.map((e) => `<tr>${engineHead(e, 'row')}${board.rows.map((row) => cell(e, row)).join('')}</tr>`).join('')}</tbody>`,
      ];
  return section(
    'by-engine',
    'Brands by AI engine',
    `<table class="engine-board" data-down="${brandsDown ? 'brands' : 'engines'}" aria-label="Mention rate of each brand by AI engine">${table.join('')}</table>`,
    'How often each engine names each brand over the period, with its likely range and the answers behind it ("few": under 30 answers, read with care).',
  );
}
