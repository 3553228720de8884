import { libraryChannels } from '../../shared/ipc/channels/library';
import { runsChannels } from '../../shared/ipc/channels/runs';
import { AppError } from '../platform';
import { clip, engineLabelsNow, isoTime, locationOf, SYNTHETIC_NOTE, table } from './text';
import type { ToolSpec } from './tool';
import type { McpDeps } from './types';
import { creditsCell, creditsSentence } from '../../shared/domain/run-credits';

// The history as an assistant browses it: runs, one run's jobs, monitors and tracked brands.
// Each input is the IPC channel's own schema (the one the app's views send).

const JOBS_SHOWN = 500;

export function historyTools(deps: McpDeps) {
  const { store } = deps;
  const requireRun = (runId: string) => {
    const run = store.getRun(runId);
    if (!run) throw new AppError('RUN_NOT_FOUND', `No run ${runId} in the history (list_runs lists them)`);
    return run;
  };

  const listRuns: ToolSpec<(typeof runsChannels)['runs.list']['input']> = {
    name: 'list_runs',
    title: 'List runs',
    description:
      'Runs in the local Parallax history, newest first: prompts × engines × locations × repeats, status, job counts and credits. Filter by status, engine, country or text (run name or prompt). Sandbox runs hold synthetic answers.',
    input: runsChannels['runs.list'].input,
    run(filter) {
      const { runs, total } = store.listRuns(filter);
      const labelOf = engineLabelsNow(deps);
      const text =
        runs.length === 0
          ? 'No runs match.'
          : `${total} run${total === 1 ? '' : 's'}${total > runs.length ? ` (showing ${runs.length} from offset ${filter.offset})` : ''}.\n\n` +
            table(
              [
                'Run id',
                'Name',
                'Created (UTC)',
                'Status',
                'Engines',
                'Locations',
                'Prompts',
                'Jobs ok/total',
                'Credits',
                'Data',
              ],
              runs.map((r) => [
                r.id,
                r.name,
                isoTime(r.createdAt),
                r.status,
                r.engines.map(labelOf).join(', '),
                [...r.countries, ...r.states.map((s) => `US-${s}`)].join(', '),
                r.promptCount,
                `${r.counts.succeeded}/${r.total}`,
                creditsCell(r),
                r.sandbox ? 'synthetic (sandbox)' : 'service',
              ]),
            );
      return { text, data: { total, runs } };
    },
  };

  const getRun: ToolSpec<(typeof runsChannels)['runs.get']['input']> = {
    name: 'get_run',
    title: 'Get a run',
    description:
      'One run: its settings, prompts, progress (while it runs) and every job (prompt, engine, location, repeat, state, the result id to read with get_result, or the error).',
    input: runsChannels['runs.get'].input,
    run({ runId }) {
      const run = requireRun(runId);
      const labelOf = engineLabelsNow(deps);
      // Excerpts of the default length come from each answer's plain head (no decompression).
      const matrix = store.getRunMatrix(runId);
      // A run can hold thousands of jobs: the first JOBS_SHOWN, and the count of the rest.
      const jobs = matrix.slice(0, JOBS_SHOWN).map((c) => ({
        prompt: run.prompts[c.promptIndex] ?? '',
        engine: c.engine,
        engineLabel: labelOf(c.engine),
        location: locationOf(c),
        repeat: c.repeat,
        state: c.jobState,
        resultId: c.resultId,
        sources: c.sourceCount,
        excerpt: c.excerpt,
        error: c.error,
      }));
      const { spec: _spec, ...summary } = run;
      const lines = [
        `Run ${run.id}${run.name ? ` "${run.name}"` : ''}: ${run.status}, ${run.mode}, created ${isoTime(run.createdAt)} UTC.`,
        ...(run.sandbox ? [SYNTHETIC_NOTE] : []),
        `Engines ${run.engines.map(labelOf).join(', ')}; locations ${[...run.countries, ...run.states.map((s) => `US-${s}`)].join(', ')}; repeats ${run.repeats}.`,
        `Jobs ${run.total}: ${Object.entries(run.counts)
          .filter(([, n]) => n > 0)
          .map(([k, n]) => `${n} ${k}`)
          .join(', ')}. Credits charged ${creditsSentence(run)} of at most ${run.maxCredits}.`,
        '',
        table(
          ['Prompt', 'Engine', 'Location', 'Rep', 'State', 'Result id', 'Answer / error'],
          jobs.map((j) => [
            clip(j.prompt, 50),
            j.engineLabel,
            j.location,
            j.repeat,
            j.state,
            j.resultId,
            j.error ? `${j.error.code ?? ''} ${j.error.message}` : clip(j.excerpt ?? '', 100),
          ]),
        ),
      ];
      if (matrix.length > jobs.length)
        lines.push(
          `(${matrix.length - jobs.length} more jobs not shown; search_answers with runId finds their answers)`,
        );
      return {
        text: lines.join('\n'),
        data: { run: summary, prompts: run.prompts, jobs, jobsShown: jobs.length, jobsTotal: matrix.length },
      };
    },
  };

  const listMonitors: ToolSpec<(typeof libraryChannels)['monitors.list']['input']> = {
    name: 'list_monitors',
    title: 'List monitors',
    description:
      'Saved monitors: each a run spec (prompts, engines, locations, repeats) asked on a cadence; their last run and next due time. Monitor ids scope brand_visibility, sources and list_alerts.',
    input: libraryChannels['monitors.list'].input,
    run() {
      const monitors = store.listMonitors().map((m) => ({
        id: m.id,
        name: m.name,
        cadence: m.cadence,
        enabled: m.enabled,
        prompts: m.spec.prompts,
        engines: m.spec.engines,
        locations: [...m.spec.countries, ...m.spec.states.map((s) => `US-${s}`)],
        repeats: m.spec.repeats,
        lastRunId: m.lastRunId,
        lastRunAt: m.lastRunAt,
        nextDueAt: m.nextDueAt,
      }));
      const text =
        monitors.length === 0
          ? 'No monitors saved.'
          : table(
              [
                'Monitor id',
                'Name',
                'Cadence',
                'Enabled',
                'Prompts',
                'Engines',
                'Locations',
                'Last run (UTC)',
                'Last run id',
              ],
              monitors.map((m) => [
                m.id,
                m.name,
                m.cadence,
                m.enabled ? 'yes' : 'no',
                m.prompts.length,
                m.engines.map(engineLabelsNow(deps)).join(', '),
                m.locations.join(', '),
                isoTime(m.lastRunAt),
                m.lastRunId,
              ]),
            );
      return { text, data: { monitors } };
    },
  };

  const listBrands: ToolSpec<(typeof libraryChannels)['brands.list']['input']> = {
    name: 'list_brands',
    title: 'List tracked brands',
    description:
      "The analyst's brands (kind 'brand') and competitors, with aliases and domains. Brand ids pick the focus brand of brand_visibility and citation_gaps (default: the first brand of kind 'brand' by name).",
    input: libraryChannels['brands.list'].input,
    run() {
      const brands = store.listBrands();
      const text =
        brands.length === 0
          ? 'No brands are tracked yet (the analyst adds them in Brands, or `parallax brands add`).'
          : table(
              ['Brand id', 'Name', 'Kind', 'Aliases', 'Domains'],
              brands.map((b) => [b.id, b.name, b.kind, b.aliases.join(', '), b.domains.join(', ')]),
            );
      return { text, data: { brands } };
    },
  };

  return [listRuns, getRun, listMonitors, listBrands];
}
