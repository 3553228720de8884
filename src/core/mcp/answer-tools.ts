import { historyChannels } from '../../shared/ipc/channels/history';
import { runsChannels, type ResultView } from '../../shared/ipc/channels/runs';
import type { EngineLabelOf } from '../../shared/profile';
import { AppError } from '../platform';
import { answerBrands, brandsText } from './brands';
import { clip, engineLabelsNow, isoTime, locationOf, SYNTHETIC_NOTE } from './text';
import type { ToolSpec } from './tool';
import type { McpDeps } from './types';

// Answers as an assistant finds and reads them: full-text search over every answer and source,
// and one answer with its sources. Each input is the IPC channel's own schema.

/** Search highlights arrive as \u0002…\u0003 (never HTML): shown as **…** to the assistant. */
const highlighted = (snippet: string): string =>
  snippet.split('\u0002').join('**').split('\u0003').join('**');

const ANSWER_LIMIT = 20_000;

export function answerTools(deps: McpDeps) {
  const { store } = deps;

  const search: ToolSpec<(typeof historyChannels)['history.search']['input']> = {
    name: 'search_answers',
    title: 'Search answers',
    description:
      'Full-text search over every stored answer and source title (SQLite FTS5: words, "exact phrases", prefix*, AND/OR/NOT). Filter by engine, country, run, tag or time (ms). Hits give the result id for get_result; matches are **bold** in the snippet.',
    input: historyChannels['history.search'].input,
    run(options) {
      const { hits, total } = store.search(options);
      const labelOf = engineLabelsNow(deps);
      const rows = hits.map(({ jobId: _job, repeat: _repeat, snippet, ...hit }) => ({
        ...hit,
        engineLabel: labelOf(hit.engine),
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
                  `- result ${h.resultId} · ${h.engineLabel} · ${h.location} · ${isoTime(h.fetchedAt)} UTC · "${clip(h.prompt, 60)}" (in ${h.matchedIn})\n  ${clip(h.snippet, 300)}`,
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
      return resultReply(result, answerBrands(store.listBrands()), engineLabelsNow(deps));
    },
  };

  return [search, getResult];
}

function resultReply(r: ResultView, brandsOf: ReturnType<typeof answerBrands>, labelOf: EngineLabelOf) {
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
    engineLabel: labelOf(r.engine),
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
    `Result ${r.resultId} (run ${r.runId}): ${data.engineLabel}, ${data.location}, repeat ${r.repeat}, ${isoTime(r.fetchedAt)} UTC.`,
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
