import type { ColumnKind, ExportColumn } from '../types';

// Shorthands for the table modules: a column is nullable unless said `required`.

export const col = (
  name: string,
  kind: ColumnKind,
  sql: string,
  options: {
    required?: boolean;
    references?: ExportColumn['references'];
    docPart?: ExportColumn['docPart'];
  } = {},
): ExportColumn => ({
  name,
  kind,
  sql,
  nullable: !options.required,
  ...(options.references ? { references: options.references } : {}),
  ...(options.docPart ? { docPart: options.docPart } : {}),
});

/** 'US' or 'US-CA': the location key the Visibility view and its roll-ups use. */
export const locationSql = (country: string, state: string): string =>
  `${country} || coalesce('-' || ${state}, '')`;

/** The engine's label from the service profile in use (temp.engine_labels, joined as `el`). */
export const engineLabelSql = (engine: string): string => `coalesce(el.label, ${engine})`;

/** Whether the run is part of the demo history (its runs are listed in temp.demo_runs). */
export const demoRunSql = (runId: string): string =>
  `EXISTS (SELECT 1 FROM temp.demo_runs d WHERE d.run_id = ${runId})`;

export const DAY_MS_SQL = '86400000';

/**
 * Where a job was asked (its cell of the run's matrix), as answers and jobs both give it: the
 * job is `j`, its prompt `p` (run_prompts), its engine's label `el`.
 */
export const cellColumns = (): ExportColumn[] => [
  col('prompt_number', 'integer', 'j.prompt_index + 1', { required: true }),
  col('prompt', 'text', 'p.text', { required: true }),
  col('engine', 'text', 'j.engine', { required: true }),
  col('engine_label', 'text', engineLabelSql('j.engine'), { required: true }),
  col('country', 'text', 'j.country', { required: true }),
  col('state', 'text', 'j.us_state'),
  col('location', 'text', locationSql('j.country', 'j.us_state'), { required: true }),
  col('repeat', 'integer', 'j.repeat', { required: true }),
];

/**
 * The answer (`r`: its id) and the brand (`br`) a row of mentions or positioning is about.
 * `brandRequired` false: positioning's row for an answer a judge could not score has no brand.
 */
export const answerBrandColumns = (brandRequired = true): ExportColumn[] => [
  col('result_id', 'text', 'r.id', { required: true, references: { table: 'answers', column: 'result_id' } }),
  col('brand_id', 'text', 'br.id', {
    required: brandRequired,
    references: { table: 'brands', column: 'brand_id' },
  }),
  col('brand', 'text', 'br.name', { required: brandRequired }),
];
