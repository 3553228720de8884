import { z } from 'zod';
import { jaccard, sourceSet } from '../../shared/analytics';
import { engineNameSchema } from '../../shared/domain/run-spec';
import { runsChannels, type ResultView } from '../../shared/ipc/channels/runs';
import { locationKeySchema } from '../../shared/ipc/channels/visibility';
import type { EngineLabelOf } from '../../shared/profile';
import { AppError } from '../platform';
import type { HistoryStore, RunRecord } from '../history';
import { answerBrands, brandsText, type AnswerBrand } from './brands';
import { clip, engineLabelsNow, locationOf, SYNTHETIC_NOTE, table } from './text';
import type { ToolSpec } from './tool';
import type { McpDeps } from './types';

// A prompt across locations, as the Compare view's columns show it: per engine, each
// location's answer (excerpt, tracked brands named, cited domains), then which cited domains
// every location shares, which only one has, and the pairwise Jaccard overlap of the domain sets.
// The input is built from the contract's own pieces (run id, engine, location key).

export const compareLocationsInput = z
  .object({
    runId: runsChannels['runs.get'].input.shape.runId.optional(),
    prompt: z.string().trim().min(1).max(10_000).optional(),
    engine: engineNameSchema.optional(),
    repeat: z.number().int().min(1).max(100).default(1),
    locations: z.array(locationKeySchema).min(1).max(300).optional(),
  })
  .strict()
  .refine((v) => v.runId !== undefined || v.prompt !== undefined, {
    message: 'Give a runId, a prompt, or both',
    path: ['prompt'],
  });

type CompareInput = z.output<typeof compareLocationsInput>;

const EXCERPT = 600;
const TOP_DOMAINS = 8;
const MAX_GROUPS = 10;

const same = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The run to read: the given one, else the newest run that asked this prompt (on this engine). */
function pickRun(store: HistoryStore, input: CompareInput): RunRecord {
  if (input.runId !== undefined) {
    const run = store.getRun(input.runId);
    if (!run)
      throw new AppError('RUN_NOT_FOUND', `No run ${input.runId} in the history (list_runs lists them)`);
    return run;
  }
  const prompt = input.prompt as string;
  const { runs } = store.listRuns({ text: prompt, limit: 200, offset: 0 });
  for (const item of runs) {
    if (input.engine !== undefined && !item.engines.includes(input.engine)) continue;
    if (item.counts.succeeded === 0) continue;
    const run = store.getRun(item.id);
    if (run?.prompts.some((p) => same(p, prompt))) return run;
  }
  throw new AppError(
    'PROMPT_NOT_FOUND',
    `No run with answers asked "${clip(prompt, 80)}"${input.engine ? ` on ${input.engine}` : ''}: search_answers finds answers by their words, list_runs lists runs.`,
  );
}

function promptIndexes(run: RunRecord, prompt: string | undefined): number[] {
  if (prompt === undefined) return run.prompts.map((_, i) => i);
  const index = run.prompts.findIndex((p) => same(p, prompt));
  if (index < 0)
    throw new AppError(
      'PROMPT_NOT_FOUND',
      `Run ${run.id} did not ask "${clip(prompt, 80)}"; its prompts: ${run.prompts
        .slice(0, 10)
        .map((p) => `"${clip(p, 60)}"`)
        .join(', ')}${run.prompts.length > 10 ? ', …' : ''}`,
    );
  return [index];
}

interface LocationAnswer {
  location: string;
  resultId: string;
  excerpt: string;
  /** Distinct registrable domains cited, best-ranked first. */
  domains: string[];
  brands: AnswerBrand[];
  sources: number;
}

interface CompareGroup {
  prompt: string;
  engine: string;
  answers: LocationAnswer[];
  /** Cited domains every location's answer has. */
  sharedDomains: string[];
  /** Domains only one location cites, by location. */
  onlyIn: Record<string, string[]>;
  /** Jaccard overlap of the cited-domain sets, per pair of locations. */
  overlap: Array<{ a: string; b: string; jaccard: number }>;
}

function compareGroup(prompt: string, engine: string, answers: LocationAnswer[]): CompareGroup {
  const sets = answers.map((a) => ({ location: a.location, all: a.domains }));
  const sharedDomains =
    sets.length === 0 ? [] : (sets[0]?.all ?? []).filter((d) => sets.every((s) => s.all.includes(d)));
  const onlyIn: Record<string, string[]> = {};
  for (const s of sets) {
    const own = s.all.filter((d) => sets.every((o) => o === s || !o.all.includes(d)));
    if (own.length > 0) onlyIn[s.location] = own;
  }
  const overlap: CompareGroup['overlap'] = [];
  sets.forEach((a, i) =>
    sets
      .slice(i + 1)
      .forEach((b) => overlap.push({ a: a.location, b: b.location, jaccard: jaccard(a.all, b.all) })),
  );
  return { prompt, engine, answers, sharedDomains, onlyIn, overlap };
}

function groupText(g: CompareGroup, labelOf: EngineLabelOf): string {
  const lines = [`## "${clip(g.prompt, 120)}" · ${labelOf(g.engine)} · ${g.answers.length} locations`];
  for (const a of g.answers) {
    lines.push(
      `### ${a.location} (result ${a.resultId})`,
      `> ${a.excerpt}`,
      `Tracked brands: ${brandsText(a.brands)}.`,
      `Cited domains: ${a.domains.slice(0, TOP_DOMAINS).join(', ') || 'none'}${a.domains.length > TOP_DOMAINS ? ', …' : ''} (${a.sources} sources).`,
    );
  }
  if (g.answers.length > 1) {
    lines.push(
      '',
      `Cited by every location: ${g.sharedDomains.join(', ') || 'no domain'}.`,
      ...Object.entries(g.onlyIn).map(([loc, ds]) => `Only ${loc}: ${ds.slice(0, TOP_DOMAINS).join(', ')}.`),
      '',
      'Cited-domain overlap (Jaccard, 1 = same domains):',
      table(
        ['Location', 'Location', 'Jaccard'],
        g.overlap.map((o) => [o.a, o.b, o.jaccard.toFixed(2)]),
      ),
    );
  }
  return lines.join('\n');
}

export function compareTool(deps: McpDeps): ToolSpec<typeof compareLocationsInput> {
  return {
    name: 'compare_locations',
    title: 'Compare a prompt across locations',
    description:
      "One prompt's answers side by side across the countries and US states a run asked, per engine: an excerpt, the tracked brands named (first position), the top cited domains, the domains every location shares or only one cites, and the pairwise overlap of cited domains. Give a runId (list_runs), a prompt (the newest run that asked it), or both; repeat picks which sample (1 = first).",
    input: compareLocationsInput,
    run(input) {
      const { store } = deps;
      const run = pickRun(store, input);
      const indexes = new Set(promptIndexes(run, input.prompt));
      const wanted = input.locations ? new Set(input.locations) : null;
      const cells = store
        .getRunMatrix(run.id)
        .filter(
          (c) =>
            indexes.has(c.promptIndex) &&
            c.repeat === input.repeat &&
            c.resultId !== null &&
            (input.engine === undefined || c.engine === input.engine) &&
            (wanted === null || wanted.has(locationOf(c))),
        );
      const results = new Map<string, ResultView>(
        store.getResults(cells.map((c) => c.resultId as string)).map((r) => [r.resultId, r]),
      );
      const brandsOf = answerBrands(store.listBrands());
      const groups = new Map<string, { prompt: string; engine: string; answers: LocationAnswer[] }>();
      for (const c of cells) {
        const r = results.get(c.resultId as string);
        if (!r) continue;
        const key = `${c.promptIndex}\u0000${c.engine}`;
        const group = groups.get(key) ?? {
          prompt: run.prompts[c.promptIndex] ?? '',
          engine: c.engine,
          answers: [],
        };
        group.answers.push({
          location: locationOf(c),
          resultId: r.resultId,
          excerpt: clip(r.normalized.text, EXCERPT),
          domains: sourceSet(r.normalized.sources).domains,
          brands: brandsOf(r.normalized),
          sources: r.normalized.sources.length,
        });
        groups.set(key, group);
      }
      const all = [...groups.values()].map((g) =>
        compareGroup(
          g.prompt,
          g.engine,
          g.answers.sort((a, b) => a.location.localeCompare(b.location)),
        ),
      );
      const shown = all.slice(0, MAX_GROUPS);
      const head = [
        `Run ${run.id}${run.name ? ` "${run.name}"` : ''}, repeat ${input.repeat}.`,
        ...(run.sandbox ? [SYNTHETIC_NOTE] : []),
        ...(all.length > shown.length
          ? [
              `${all.length} prompt × engine groups; the first ${shown.length} are shown (give prompt or engine to narrow).`,
            ]
          : []),
      ];
      const text =
        shown.length === 0
          ? `${head.join('\n')}\nNo stored answers for that prompt, engine, repeat and locations in this run.`
          : [head.join('\n'), ...shown.map((g) => groupText(g, engineLabelsNow(deps)))].join('\n\n');
      return {
        text,
        data: {
          runId: run.id,
          repeat: input.repeat,
          synthetic: run.sandbox,
          groups: shown,
          groupsTotal: all.length,
        },
      };
    },
  };
}
