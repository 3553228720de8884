import type { BrandView } from '../../../shared/ipc/channels/library';
import type { EngineLabelOf } from '../../../shared/profile';
import {
  isLowN,
  LOW_N,
  measureN,
  type BoardMeasure,
  type EngineBoard,
} from '../../../shared/visibility/engine-board';
import type { BrandMetrics, VisibilityBuckets } from '../../../shared/visibility/types';
import { CliUsageError } from '../../context';
import { formatTable } from '../../core';
import { formatMean, formatRate, meanJson, rateJson, STATS_LEGEND } from '../../format-stats';

// `parallax visibility --by engine --wide`: the Visibility view's leaderboard "By engine" on the
// command line, from the same per-engine buckets and the same pivot (src/shared/visibility/
// engine-board.ts): one row a brand, one column an engine in the catalog's order under the
// profile's labels; each cell with its interval and n, thin samples marked "few".

/** The CLI's names for the measures (--measure). */
export const MEASURE_NAMES: Readonly<Record<string, BoardMeasure>> = {
  mention: 'mentionRate',
  voice: 'shareOfVoice',
  position: 'avgPosition',
  citation: 'citationRate',
};

const MEASURE_TITLE: Record<BoardMeasure, string> = {
  mentionRate: 'Mention rate',
  shareOfVoice: 'Share of voice',
  avgPosition: 'Average position',
  citationRate: 'Citation rate',
};

export function parseMeasure(value: string | undefined): BoardMeasure {
  if (value === undefined) return 'mentionRate';
  const measure = MEASURE_NAMES[value.trim().toLowerCase()];
  if (!measure)
    throw new CliUsageError(`--measure must be mention, voice, position or citation, got "${value}"`);
  return measure;
}

/** "42 % [38–46] n=200", "few" after n when the sample is under LOW_N; "–" without data. */
function cellText(m: BrandMetrics | undefined, measure: BoardMeasure): string {
  const n = measureN(m, measure);
  if (!m || n === 0) return '\u2013';
  const value = measure === 'avgPosition' ? formatMean(m.avgPosition) : formatRate(m[measure]);
  return `${value} n=${n}${isLowN(n) ? ' few' : ''}`;
}

/** The JSON of the wide view: engines with their labels, one row a brand with its cells by engine. */
export function engineBoardJson(
  view: VisibilityBuckets,
  board: EngineBoard,
  brands: Map<string, BrandView>,
  focusId: string | null,
  labelOf: EngineLabelOf,
) {
  return {
    period: view.period,
    by: ['engine'],
    engines: board.engines.map((engine) => ({
      engine,
      label: labelOf(engine),
      answers: board.rows.find((r) => r.cells[engine])?.cells[engine]?.answers ?? 0,
    })),
    lowN: LOW_N,
    rows: board.rows.map((r) => ({
      brand: brands.get(r.brandId)?.name ?? r.brandId,
      brandId: r.brandId,
      kind: brands.get(r.brandId)?.kind ?? null,
      focus: r.brandId === focusId,
      engines: Object.fromEntries(
        board.engines.map((e) => {
          const m = r.cells[e];
          return [
            e,
            m
              ? {
                  answers: m.answers,
                  mentionRate: rateJson(m.mentionRate),
                  citationRate: rateJson(m.citationRate),
                  avgPosition: meanJson(m.avgPosition),
                  shareOfVoice: rateJson(m.shareOfVoice),
                }
              : null,
          ];
        }),
      ),
    })),
    empty: view.empty,
    reanalysis: view.reanalysis ?? null,
  };
}

/** The wide table of one measure. */
export function engineBoardTable(
  board: EngineBoard,
  measure: BoardMeasure,
  brands: Map<string, BrandView>,
  focusId: string | null,
  labelOf: EngineLabelOf,
): string {
  const table = formatTable(
    ['Brand', ...board.engines.map((e) => labelOf(e))],
    board.rows.map((r) => [
      `${brands.get(r.brandId)?.name ?? r.brandId}${r.brandId === focusId ? ' (focus)' : ''}`,
      ...board.engines.map((e) => cellText(r.cells[e], measure)),
    ]),
  );
  const few = `few = under ${LOW_N} ${measure === 'shareOfVoice' ? 'mentions' : measure === 'avgPosition' ? 'answers naming the brand' : 'answers'}: read with care.`;
  return `${MEASURE_TITLE[measure]} by engine\n${table}\n\n${STATS_LEGEND} ${few}`;
}
