import type { RunDetailView } from '../../../shared/ipc/channels/runs';
import type { EngineLabelOf } from '../../../shared/profile';
import type { ExportFactRow } from '../../history';
import { ANSWER_CELL_COLUMNS, type SlotTable } from './commerce-rows';

// The flat fact rows of a run (one per answer, brand of its with a fact sheet, and fact): the
// shape of `parallax export --format csv --table facts` and of the XLSX "Facts" sheet. Each row
// starts with its answer's cell so it joins the answers table on resultId; the offsets are into
// the text the checker read (the answer's Markdown when it has any, else its plain text).

export const FACT_COLUMNS = [
  ...ANSWER_CELL_COLUMNS,
  'brand',
  'brandId',
  'factKey',
  'verdict',
  'evidenceText',
  'evidenceStart',
  'evidenceEnd',
  'checker',
] as const;

export function factValues(
  run: Pick<RunDetailView, 'id' | 'prompts'>,
  row: ExportFactRow,
  labelOf: EngineLabelOf,
): Array<string | number> {
  return [
    run.id,
    row.jobId,
    row.resultId,
    run.prompts[row.promptIndex] ?? row.prompt,
    row.engine,
    labelOf(row.engine),
    row.country,
    row.state,
    row.repeat,
    row.brand,
    row.brandId,
    row.factKey,
    row.verdict,
    row.evidenceText,
    row.evidenceStart ?? '',
    row.evidenceEnd ?? '',
    row.checker,
  ];
}

export const FACTS_TABLE: SlotTable = {
  columns: FACT_COLUMNS,
  *rows(reader, run, labelOf) {
    for (const row of reader.facts(run.id)) yield factValues(run, row, labelOf);
  },
};
