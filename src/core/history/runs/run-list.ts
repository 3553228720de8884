import type { RunListFilter } from './types';

/** The WHERE clause (and its named parameters) of a run list's filter, over runs aliased r. */
export function runListWhere(filter: RunListFilter): { clause: string; params: Record<string, unknown> } {
  const where: string[] = [];
  const params: Record<string, unknown> = {};
  if (filter.status) {
    where.push('r.status = @status');
    params.status = filter.status;
  }
  if (filter.engine) {
    where.push('EXISTS (SELECT 1 FROM json_each(r.engines_json) WHERE value = @engine)');
    params.engine = filter.engine;
  }
  if (filter.country) {
    where.push(`(EXISTS (SELECT 1 FROM json_each(r.countries_json) WHERE value = @country)
          OR (@country = 'US' AND json_array_length(r.states_json) > 0))`);
    params.country = filter.country;
  }
  if (filter.text?.trim()) {
    where.push(`(r.name LIKE @text ESCAPE '\\'
          OR EXISTS (SELECT 1 FROM run_prompts p WHERE p.run_id = r.id AND p.text LIKE @text ESCAPE '\\'))`);
    params.text = `%${filter.text.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  }
  if (filter.from !== undefined) {
    where.push('r.created_at >= @from');
    params.from = filter.from;
  }
  if (filter.to !== undefined) {
    where.push('r.created_at <= @to');
    params.to = filter.to;
  }
  if (filter.monitorId) {
    where.push('r.monitor_id = @monitorId');
    params.monitorId = filter.monitorId;
  }
  return { clause: where.length ? `WHERE ${where.join(' AND ')}` : '', params };
}
