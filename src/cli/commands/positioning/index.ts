import type { Command } from 'commander';
import { builtinRescoreJudge, runRescore } from '../../../core/positioning';
import type { HistoryStore } from '../../../core/history';
import type { BrandView } from '../../../shared/ipc/channels/library';
import { positioningChannels } from '../../../shared/ipc/channels/positioning';
import type { PositioningBuckets, PositioningSummary } from '../../../shared/positioning/view-types';
import { CliUsageError, writeJson, writeLine, type CliContext } from '../../context';
import { formatTable, READS, withCliCore } from '../../core';
import { formatRate } from '../../format-stats';
import {
  bucketsJson,
  formatAttributes,
  formatNet,
  POSITIONING_LEGEND,
  rescoreNote,
  statusMix,
  summaryCells,
  summaryJson,
} from './positioning-format';
import { rescoreFromCli } from './positioning-rescore';
import { printJudgeAgreement } from '../../judge-agreement-output';
import { bucketHeading, bucketTable } from '../../bucket-output';
import { parseFlags } from '../../schema-input';
import {
  addFilterOptions,
  askService,
  brandNames,
  FILTER_FLAG_NAMES,
  parseBy,
  periodOf,
  queryOf,
  type FilterFlags,
} from '../../visibility-filters';
import type { RegisterCommand } from '../register-command';
import { addPromptOptions, outputPrompts, promptGroupingOf } from '../../prompt-output';
import { visibilityChannels } from '../../../shared/ipc/channels/visibility';
import type { EngineLabelOf } from '../../../shared/profile';

// `parallax positioning`: how the engines present each tracked brand, from the command line.
// Without --by, every brand's recommendation rate, net sentiment, status mix and top attributes
// over the period with their change against the previous one; with --by, one row per bucket and
// brand. `parallax positioning rescore` re-scores the stored answers with the built-in judge.

const DAY_MS = 86_400_000;
/** A pending re-score of at most this many answers is finished before a query answers. */
const FINISH_IN_PLACE = 5_000;

interface PositioningFlags extends FilterFlags {
  by?: string;
  topic?: string;
  judge?: string;
  attributes?: string;
}

const HELP = `
Statuses: top (the best or first choice), recommended (among the options recommended),
mentioned (named without a recommendation), cautioned (named with a warning or advice to avoid).
Without --by: every tracked brand (the focus first: --brand, default your first brand of kind
"brand") over the period, with changes against the previous period of the same length.
With --by: one row per bucket and brand (only --brand's rows when given).

JSON (--json): rates as fractions with their 95 % interval and n:
  recommendationRate = {value, lower, upper, k, n}   (top or recommended, of the n answers naming the brand)
  netSentiment       = {value, lower, upper, n, positive, negative}   (share positive − share negative, -1..1)
  statusCounts = {top, recommended, mentioned, cautioned}; sentimentCounts = {positive, neutral, negative}
  topAttributes = [{text, polarity, count, positive, negative, share: rate}]
  without --by: {period, judge, brand, brandId, rows: [{brand, brandId, kind, focus, n, recommendationRate,
                 netSentiment, statusCounts, sentimentCounts, meanScore, topAttributes, previous: {…},
                 change: {recommendationRate: {delta, significant}, netSentiment: {delta, significant}}}],
                 empty, rescore, notJudged, judgeAgreement}
  --by:          {period, judge, brand, by, rows: [{bucket, day|run|country|engine, brand, brandId, n, …}],
                 empty, rescore, notJudged, judgeAgreement}
  rescore = {reason, judge, done, total, paused, from, moved} while the archive is being re-scored, else null
  notJudged = {answers, note}: answers naming a tracked brand in a language the judge does not read, counted
              in no number (note: "412 answers in languages the built-in judge does not read: …", or null)
  judgeAgreement = {version, plainStatus, indirectStatus, plainTone, indirectTone, note}: how often the built-in
              judge reads a brand as careful readers labelled it (each {value, lower, upper, k, n}); null for a model judge

Examples:
  parallax positioning --since 30d
  parallax positioning --brand Veloxa --by day --json
  parallax positioning --by country --engine assistant-a --countries US,DE
  parallax positioning rescore --yes
  parallax positioning rescore --judge model --since 30d`;

function parseAttributes(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 50)
    throw new CliUsageError(`--attributes must be 0 to 50, got "${value}"`);
  return n;
}

const periodLine = (p: PositioningSummary['period']): string =>
  `${p.from} to ${p.to} (${p.days} day${p.days === 1 ? '' : 's'}; previous period ${p.previous.from} to ${p.previous.to})`;

function printSummary(ctx: CliContext, view: PositioningSummary, brands: Map<string, BrandView>): void {
  writeLine(ctx.stdout, `Positioning ${periodLine(view.period)}, judge ${view.judge.id}`);
  const note = rescoreNote(view.rescore);
  if (note) writeLine(ctx.stdout, note);
  if (view.notJudged.note !== null) writeLine(ctx.stdout, `${view.notJudged.note}.`);
  if (view.empty) return writeLine(ctx.stdout, `${view.empty}.`);
  printJudgeAgreement(ctx, view.judge.id);
  writeLine(
    ctx.stdout,
    formatTable(
      ['Brand', 'Kind', 'n', 'Recommended', 'Change', 'Net sentiment', 'Change', 'T/R/M/C', 'Top attributes'],
      view.leaderboard.map((m) => {
        const b = brands.get(m.brandId);
        const [n, ...rest] = summaryCells(m);
        return [
          b?.name ?? m.brandId,
          `${b?.kind ?? ''}${m.brandId === view.focusBrandId ? ' (focus)' : ''}`,
          n ?? 0,
          ...rest,
        ];
      }),
    ),
  );
  writeLine(ctx.stdout, `\n${POSITIONING_LEGEND}`);
}

function printBuckets(
  ctx: CliContext,
  view: PositioningBuckets,
  brands: Map<string, BrandView>,
  only: string | null,
  labelOf: EngineLabelOf,
): void {
  writeLine(
    ctx.stdout,
    `Positioning by ${bucketHeading(view.by)}, ${periodLine(view.period)}, judge ${view.judge.id}`,
  );
  const note = rescoreNote(view.rescore);
  if (note) writeLine(ctx.stdout, note);
  if (view.notJudged.note !== null) writeLine(ctx.stdout, `${view.notJudged.note}.`);
  const rows = view.rows.filter((r) => (only === null || r.brandId === only) && r.n > 0);
  if (view.empty || rows.length === 0)
    return writeLine(ctx.stdout, `${view.empty ?? 'No answer names a tracked brand here'}.`);
  printJudgeAgreement(ctx, view.judge.id);
  writeLine(
    ctx.stdout,
    bucketTable(view, rows, brands, labelOf, {
      headers: ['n', 'Recommended', 'Net sentiment', 'T/R/M/C', 'Top attributes'],
      cells: (r) => [
        r.n,
        formatRate(r.recommendationRate),
        formatNet(r.netSentiment),
        statusMix(r),
        formatAttributes(r.topAttributes),
      ],
    }),
  );
  writeLine(ctx.stdout, `\n${POSITIONING_LEGEND}`);
}

/**
 * A small pending built-in re-score (a brand just edited from the CLI, which has no background)
 * is finished before the numbers are read; a big one is noted above them instead.
 */
async function finishSmallRescore(ctx: CliContext, store: HistoryStore): Promise<void> {
  if (store.readonly) return;
  let job: ReturnType<HistoryStore['posEnsureCurrent']>;
  try {
    job = store.posEnsureCurrent();
  } catch {
    // The app holds the write lock (and re-scores in the background): read as it is.
    return;
  }
  if (job === null || job.paused || job.judge !== 'builtin' || job.total - job.done > FINISH_IN_PLACE) return;
  if (!ctx.json) writeLine(ctx.stderr, `Re-scoring ${job.total - job.done} stored answers after a change…`);
  await runRescore(store, builtinRescoreJudge());
}

export const registerPositioningCommand: RegisterCommand = (program: Command, ctx: CliContext) => {
  const positioning = addFilterOptions(
    program
      .command('positioning')
      .description(
        'How the engines present each brand: recommendation rate, net sentiment, statuses, attributes',
      ),
  )
    .option('--brand <name>', 'the focus brand (name or id); with --by, only its rows')
    .option(
      '--by <dimensions>',
      'one row per bucket: day, run, country or engine (up to two, comma-separated); or prompt or topic (alone)',
    )
    .option('--judge <name>', 'another judge\u2019s rows than the active one (settings; default builtin)')
    .option('--attributes <n>', 'top attributes per brand and row (default 5; 0 with --by)');
  addPromptOptions(positioning)
    .addHelpText('after', HELP)
    .action(async (flags: PositioningFlags) => {
      const grouping = promptGroupingOf(flags.by);
      if (flags.topic !== undefined && grouping === null)
        throw new CliUsageError('--topic goes with --by prompt or --by topic');
      const by = flags.by === undefined || grouping !== null ? null : parseBy(flags.by);
      await withCliCore(ctx, { ...READS, ...flags }, async (core) => {
        await finishSmallRescore(ctx, core.store);
        const service = await core.services.positioning(flags.judge);
        const brands = brandNames(core.store);
        const query = {
          ...queryOf(core.store, flags, Date.now()),
          ...(flags.judge ? { judge: flags.judge } : {}),
        };
        const names = { ...FILTER_FLAG_NAMES, judge: '--judge', attributeLimit: '--attributes' };
        if (grouping !== null) {
          const input = parseFlags(
            visibilityChannels['visibility.prompts'].input,
            {
              ...queryOf(core.store, flags, Date.now()),
              by: grouping,
              ...(flags.topic !== undefined ? { topic: flags.topic } : {}),
            },
            names,
          );
          return outputPrompts(
            ctx,
            askService(() => service.prompts(input, flags.judge)),
            brands,
          );
        }
        if (by === null) {
          const input = parseFlags(
            positioningChannels['positioning.summary'].input,
            { ...query, attributeLimit: parseAttributes(flags.attributes, 5) },
            names,
          );
          const view = askService(() => service.summary(input));
          return ctx.json ? writeJson(ctx, summaryJson(view, brands)) : printSummary(ctx, view, brands);
        }
        const input = parseFlags(
          positioningChannels['positioning.buckets'].input,
          { ...query, by, attributeLimit: parseAttributes(flags.attributes, 0) },
          names,
        );
        const view = askService(() => service.buckets(input));
        const only = input.brandId ?? null;
        return ctx.json
          ? writeJson(ctx, bucketsJson(view, brands, only, core.labelOf))
          : printBuckets(ctx, view, brands, only, core.labelOf);
      });
    });

  positioning
    .command('rescore')
    .description(
      'Re-score the stored answers with the built-in judge or your model judge (resumes one stopped or pending)',
    )
    .option(
      '--judge <name>',
      'builtin (the default) or model (`parallax judge set`: estimate first, budget, cache)',
    )
    .option('--since <span>', 'only answers of the last N days (30d) or weeks (4w), today included')
    .option('--yes', 'do not ask before re-scoring a large history')
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .action(async (_flags: unknown, command: Command) => {
      // Shared option names (--judge, --since, --db) land on `positioning` itself (commander
      // gives them to the parent): read them with the parent's.
      const flags = command.optsWithGlobals<{ judge?: string; since?: string; yes?: boolean; db?: string }>();
      const judge = flags.judge ?? 'builtin';
      if (judge !== 'builtin' && judge !== 'model')
        throw new CliUsageError(
          `--judge must be builtin (the built-in judge) or model (yours), got "${judge}"`,
        );
      const fromDay =
        flags.since === undefined
          ? null
          : Math.floor(Date.now() / DAY_MS) -
            ((periodOf({ since: flags.since }, Date.now()) as { days: number }).days - 1);
      // The model judge's re-score is loaded only here: its providers' SDKs are most of what
      // the command would otherwise load at every `parallax positioning`.
      const rescoreModel =
        judge === 'model' ? (await import('./positioning-model-rescore')).rescoreModelFromCli : null;
      await withCliCore(ctx, flags, (core) =>
        rescoreModel
          ? rescoreModel(ctx, core, { fromDay, yes: Boolean(flags.yes) })
          : rescoreFromCli(ctx, core, { fromDay, yes: Boolean(flags.yes) }),
      );
    });
};
