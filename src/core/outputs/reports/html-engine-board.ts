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
  const head = board.rows
    .map(
      (row) =>
        `<th scope="col">${t(name(row.brandId))}${row.brandId === focusId ? ' <span class="tag">your brand</span>' : ''}</th>`,
    )
    .join('');
  const body = board.engines
    .map((engine) => {
      const cells = board.rows.map((row) => {
        const m = row.cells[engine]?.mentionRate;
        if (!m || m.n === 0) return '<td class="num muted">–</td>';
        const few = isLowN(m.n);
        const range = rateIntervalText(m);
        return `<td class="num${few ? ' muted' : ''}" data-engine="${t(engine)}" data-brand="${t(row.brandId)}" data-value="${m.value ?? ''}" data-n="${m.n}">${t(rateText(m))}<span class="sub">${range ? `${t(range)} · ` : ''}${m.n} answers${few ? ', few' : ''}</span></td>`;
      });
      return `<tr><th scope="row">${t(engineName(engine, r.labels))}</th>${cells.join('')}</tr>`;
    })
    .join('');
  return section(
    'by-engine',
    'Brands by AI engine',
    `<table class="engine-board" aria-label="Mention rate of each brand by AI engine"><thead><tr><th scope="col">Engine</th>${head}</tr></thead><tbody>${body}</tbody></table>`,
    'How often each engine names each brand over the period, with its likely range and the answers behind it ("few": under 30 answers, read with care).',
  );
}
