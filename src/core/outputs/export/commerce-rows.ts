import type { RunDetailView } from '../../../shared/ipc/channels/runs';
import type { EngineLabelOf } from '../../../shared/profile';
import type { ExportAdRow, ExportProductRow, RunExportReader } from '../../history';

// The flat product and ad rows of a run (one per slot, as the history kept them at ingest): the
// shape of `parallax export --format csv --table products|ads` and of the XLSX "Products" and
// "Ads" sheets. Each row starts with its answer's cell so it joins the answers table on resultId.

type Cell = string | number;

/** The answer's cell, what every flat row of a run's answers starts with (facts-rows.ts too). */
export const ANSWER_CELL_COLUMNS = [
  'runId',
  'jobId',
  'resultId',
  'prompt',
  'engine',
  'engineLabel',
  'country',
  'state',
  'repeat',
] as const;

const CELL_COLUMNS = [...ANSWER_CELL_COLUMNS, 'slot'] as const;

export const PRODUCT_COLUMNS = [
  ...CELL_COLUMNS,
  'surface',
  'position',
  'title',
  'productId',
  'brandText',
  'brandId',
  'merchant',
  'offerMerchants',
  'price',
  'currency',
  'priceRaw',
  'priceRange',
  'oldPrice',
  'oldCurrency',
  'oldPriceRaw',
  'rating',
  'reviews',
  'available',
] as const;

export const AD_COLUMNS = [
  ...CELL_COLUMNS,
  'block',
  'type',
  'position',
  'brandId',
  'advertiser',
  'title',
  'domain',
] as const;

/** A 0/1/null flag as the spreadsheet reads it: yes, no, or empty when unknown. */
const flag = (value: number | null): string => (value === null ? '' : value === 1 ? 'yes' : 'no');

interface Row {
  [column: string]: Cell;
}

function cellOf(
  run: Pick<RunDetailView, 'id' | 'prompts'>,
  row: ExportProductRow | ExportAdRow,
  labelOf: EngineLabelOf,
): Row {
  return {
    runId: run.id,
    jobId: row.jobId,
    resultId: row.resultId,
    prompt: run.prompts[row.promptIndex] ?? row.prompt,
    engine: row.engine,
    engineLabel: labelOf(row.engine),
    country: row.country,
    state: row.state,
    repeat: row.repeat,
    slot: row.slot,
  };
}

const values = (columns: readonly string[], row: Row): Cell[] => columns.map((c) => row[c] ?? '');

/** A product slot's values in PRODUCT_COLUMNS order (no value: an empty cell). */
export function productValues(
  run: Pick<RunDetailView, 'id' | 'prompts'>,
  row: ExportProductRow,
  labelOf: EngineLabelOf,
): Cell[] {
  const { priceRange, available, ...rest } = row;
  const fields = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== null)) as Row;
  return values(PRODUCT_COLUMNS, {
    ...fields,
    ...cellOf(run, row, labelOf),
    priceRange: flag(priceRange),
    available: flag(available),
  });
}

/** An ad slot's values in AD_COLUMNS order. */
export function adValues(
  run: Pick<RunDetailView, 'id' | 'prompts'>,
  row: ExportAdRow,
  labelOf: EngineLabelOf,
): Cell[] {
  const fields = Object.fromEntries(Object.entries(row).filter(([, v]) => v !== null)) as Row;
  return values(AD_COLUMNS, { ...fields, ...cellOf(run, row, labelOf) });
}

/** What a flat export of one table reads and writes: its columns and its rows' values. */
export interface SlotTable {
  columns: readonly string[];
  rows(reader: RunExportReader, run: RunDetailView, labelOf: EngineLabelOf): Iterable<Cell[]>;
}

export const PRODUCTS_TABLE: SlotTable = {
  columns: PRODUCT_COLUMNS,
  *rows(reader, run, labelOf) {
    for (const row of reader.products(run.id)) yield productValues(run, row, labelOf);
  },
};

export const ADS_TABLE: SlotTable = {
  columns: AD_COLUMNS,
  *rows(reader, run, labelOf) {
    for (const row of reader.ads(run.id)) yield adValues(run, row, labelOf);
  },
};
