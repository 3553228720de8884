import type { ExportData } from './export-data';

/** The run, every job cell and every normalized result, as one JSON document. */
export function buildJson(data: ExportData): string {
  const byResult = new Map(data.results.map((r) => [r.resultId, r]));
  return JSON.stringify(
    {
      format: 'parallax-run-export',
      version: 1,
      run: data.run,
      jobs: data.cells.map((cell) => ({
        ...cell,
        prompt: data.run.prompts[cell.promptIndex] ?? null,
        result: cell.resultId ? (byResult.get(cell.resultId) ?? null) : null,
      })),
    },
    null,
    2,
  );
}
