import type { ResultView } from '../../shared/ipc/channels/runs';
import { historyChannels } from '../../shared/ipc/channels/history';
import { libraryChannels } from '../../shared/ipc/channels/library';
import { runsChannels } from '../../shared/ipc/channels/runs';
import { AppError } from '../errors/app-error';
import { answerBrands, brandsText } from './brands';
import { clip, isoTime, locationOf, SYNTHETIC_NOTE, table } from './text';
import type { ToolSpec } from './tool';
import type { McpDeps } from './types';

// The history as an assistant browses it: runs, one run's jobs, monitors, tracked brands,
// full-text search over every answer and source, and one answer with its sources. Each input
// is the IPC channel's own schema (the one the app's views send).

/** Search highlights arrive as \u0002…\u0003 (never HTML): shown as **…** to the assistant. */
const highlighted = (snippet: string): string =>
  snippet.split('\u0002').join('**').split('\u0003').join('**');

const ANSWER_LIMIT = 20_000;

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
                r.engines.join(', '),
                [...r.countries, ...r.states.map((s) => `US-${s}`)].join(', '),
                r.promptCount,
                `${r.counts.succeeded}/${r.total}`,
                r.creditsCharged,
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
      const jobs = store.getRunMatrix(runId, { excerptChars: 160 }).map((c) => ({
        prompt: run.prompts[c.promptIndex] ?? '',
        engine: c.engine,
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
        `Engines ${run.engines.join(', ')}; locations ${[...run.countries, ...run.states.map((s) => `US-${s}`)].join(', ')}; repeats ${run.repeats}.`,
        `Jobs ${run.total}: ${Object.entries(run.counts)
          .filter(([, n]) => n > 0)
          .map(([k, n]) => `${n} ${k}`)
          .join(', ')}. Credits charged ${run.creditsCharged} of at most ${run.maxCredits}.`,
        '',
        table(
          ['Prompt', 'Engine', 'Location', 'Rep', 'State', 'Result id', 'Answer / error'],
          jobs.map((j) => [
            clip(j.prompt, 50),
            j.engine,
            j.location,
            j.repeat,
            j.state,
            j.resultId,
            j.error ? `${j.error.code ?? ''} ${j.error.message}` : clip(j.excerpt ?? '', 100),
          ]),
        ),
      ];
      return { text: lines.join('\n'), data: { run: summary, prompts: run.prompts, jobs } };
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
                m.engines.join(', '),
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

  const search: ToolSpec<(typeof historyChannels)['history.search']['input']> = {
    name: 'search_answers',
    title: 'Search answers',
    description:
      'Full-text search over every stored answer and source title (SQLite FTS5: words, "exact phrases", prefix*, AND/OR/NOT). Filter by engine, country, run, tag or time (ms). Hits give the result id for get_result; matches are **bold** in the snippet.',
    input: historyChannels['history.search'].input,
    run(options) {
      const { hits, total } = store.search(options);
      const rows = hits.map(({ jobId: _job, repeat: _repeat, snippet, ...hit }) => ({
        ...hit,
        location: locationOf(hit),
        snippet: highlighted(snippet),
      }));
      const text =
        rows.length === 0
          ? `No answers match "${options.query}".`
          : [
              `${total} match${total === 1 ? '' : 'es'} for "${options.query}"${total > rows.length ? ` (showing ${rows.length} from offset ${options.offset})` : ''}:`,
              ...rows.map(
                (h) =>
                  `- result ${h.resultId} · ${h.engine} · ${h.location} · ${isoTime(h.fetchedAt)} UTC · "${clip(h.prompt, 60)}" (in ${h.matchedIn})\n  ${clip(h.snippet, 300)}`,
              ),
            ].join('\n');
      return { text, data: { total, hits: rows } };
    },
  };

  const getResult: ToolSpec<(typeof runsChannels)['results.raw']['input']> = {
    name: 'get_result',
    title: 'Get one answer with its sources',
    description:
      "One stored answer: prompt, engine, location, time, the answer text, every source (kind, position, title, URL), the tracked brands it names (first position) and cites, the engine's search queries, and shopping, ads and People Also Ask counts.",
    input: runsChannels['results.raw'].input,
    run({ resultId }) {
      const [result] = store.getResults([resultId]);
      if (!result) throw new AppError('RESULT_NOT_FOUND', `No result ${resultId} in the history`);
      return resultReply(result, answerBrands(store.listBrands()));
    },
  };

  return [listRuns, getRun, listMonitors, listBrands, search, getResult];
}

function resultReply(r: ResultView, brandsOf: ReturnType<typeof answerBrands>) {
  const n = r.normalized;
  const brands = brandsOf(n);
  const answer = n.text.length > ANSWER_LIMIT ? `${n.text.slice(0, ANSWER_LIMIT)}…` : n.text;
  const sources = n.sources.map((s) => ({
    kind: s.kind,
    position: s.position,
    title: s.title,
    url: s.url,
    domain: s.domain,
  }));
  const data = {
    resultId: r.resultId,
    runId: r.runId,
    prompt: r.prompt,
    engine: r.engine,
    location: locationOf(r),
    repeat: r.repeat,
    fetchedAt: r.fetchedAt,
    synthetic: r.sandbox,
    model: n.model,
    answer,
    answerTruncated: n.text.length > ANSWER_LIMIT,
    sources,
    brands,
    searchQueries: n.searchQueries,
    products: n.products.length,
    ads: n.ads.length,
    peopleAlsoAsk: n.peopleAlsoAsk.map((p) => p.question),
  };
  const text = [
    `Result ${r.resultId} (run ${r.runId}): ${r.engine}, ${data.location}, repeat ${r.repeat}, ${isoTime(r.fetchedAt)} UTC.`,
    ...(r.sandbox ? [SYNTHETIC_NOTE] : []),
    `Prompt: ${r.prompt}`,
    `Tracked brands: ${brandsText(brands)}.`,
    ...(n.searchQueries.length ? [`Engine's search queries: ${n.searchQueries.join(' · ')}`] : []),
    '',
    'Answer (engine text, quoted as is):',
    answer
      .split('\n')
      .map((l) => `> ${l}`)
      .join('\n'),
    '',
    sources.length === 0
      ? 'No sources.'
      : `Sources (${sources.length}):\n` +
        sources
          .map((s) => `${s.position}. [${s.kind}] ${s.title ? `${clip(s.title, 120)} — ` : ''}${s.url}`)
          .join('\n'),
  ];
  return { text: text.join('\n'), data };
}
