import type { Command } from 'commander';
import { visibilityChannels } from '../../../shared/ipc/channels/visibility';
import type { BrandView } from '../../../shared/ipc/channels/library';
import type { EngineLabelOf } from '../../../shared/profile';
import type {
  BrandMetricsWithChange,
  VisibilityBuckets,
  VisibilityDimension,
  VisibilityOverview,
} from '../../../shared/visibility/types';
import { defaultFocusBrand } from '../../../core/analysis';
import { engineBoard, type BoardMeasure } from '../../../shared/visibility/engine-board';
import { CliUsageError, writeJson, writeLine, type CliContext } from '../../context';
import { engineBoardJson, engineBoardTable, parseMeasure } from './engine-board-output';
import { formatTable, READS, withCliCore } from '../../core';
import {
  formatMean,
  formatMeanChange,
  formatRate,
  formatRateChange,
  meanChangeJson,
  meanJson,
  rateChangeJson,
  rateJson,
  reanalysisNote,
  STATS_LEGEND,
} from '../../format-stats';
import { bucketHeading, bucketRowsJson, bucketTable } from '../../bucket-output';
import { finishReanalysis } from '../../reanalysis-progress';
import { parseFlags } from '../../schema-input';
import {
  addFilterOptions,
  askService,
  brandNames,
  FILTER_FLAG_NAMES,
  parseBy,
  queryOf,
  type FilterFlags,
} from '../../visibility-filters';
import type { RegisterCommand } from '../register-command';
import { addPromptOptions, outputPrompts, promptGroupingOf } from '../../prompt-output';

// `parallax visibility`: the Visibility view's numbers from the command line. Without --by,
// the overview (the focus brand's KPIs and the leaderboard, each with its change against the
// previous period of the same length); with --by, one row per bucket and brand.

interface VisibilityFlags extends FilterFlags {
  by?: string;
  topic?: string;
  wide?: boolean;
  measure?: string;
}

const HELP = `
Without --by: the overview of the focus brand (--brand, default: your first brand of kind
"brand") and the leaderboard of every tracked brand, with changes against the previous period
of the same length ("n.s." = not significant: the 95 % intervals overlap).
With --by: one row per bucket and brand (only --brand's rows when given); --by takes one or two
of day, run, country (a country or US state), engine, comma-separated.
With --by engine --wide: the leaderboard by engine, as the Visibility view's "By engine": one row
a brand (focus first, then by mention rate), one column an engine (catalog order, the profile's
labels), each cell "42 % [38–46] n=200" of --measure (mention, voice, position or citation;
default mention), "few" when n is under 30.

JSON (--json), rates as fractions 0-1 with their 95 % Wilson interval:
  rate  = {value, lower, upper, k, n}      (value/lower/upper null when n = 0)
  reanalysis = {done, total} while stored answers are re-analysed after a brand change (numbers
           partial until then), else null
  mean  = {value, lower, upper, n}         (average position, 1 = named first; bounds null when n < 2)
  --by: {period:{from,to,days,previous}, brand, by:["day"], rows:[{bucket:"2026-11-02", day,
         brand:"Veloxa", brandId, answers, mentionRate:rate, citationRate:rate, avgPosition:mean,
         shareOfVoice:rate}], empty, reanalysis}
         (bucket keys: day as YYYY-MM-DD, run (with runLabel), country, engine; n of the rates
         mentionRate and citationRate = answers; shareOfVoice's n = all brands' mentions)
  overview: {period, brand, brandId, answers, previousAnswers, kpis:row|null, leaderboard:[row], empty,
           reanalysis}
         row = {brand, brandId, kind, focus, answers, previousAnswers, mentionRate, citationRate,
         shareOfVoice: rate & {previous:rate, delta, significant}, avgPosition: mean & {previous, delta, significant}}
  --by engine --wide: {period, by:["engine"], engines:[{engine, label, answers}], lowN:30,
         rows:[{brand, brandId, kind, focus, engines:{"assistant-a": {answers, mentionRate:rate,
         citationRate:rate, avgPosition:mean, shareOfVoice:rate} | null}}], empty, reanalysis}

Examples:
  parallax visibility --since 4w
  parallax visibility --brand Veloxa --by day --json
  parallax visibility --by engine --wide --measure position
  parallax visibility --from 2026-10-01 --to 2026-10-31 --engine assistant-a --countries US,US-CA --by country`;

function leaderboardRow(m: BrandMetricsWithChange, brand: BrandView | undefined, focusId: string | null) {
  return {
    brand: brand?.name ?? m.brandId,
    brandId: m.brandId,
    kind: brand?.kind ?? null,
    focus: m.brandId === focusId,
    answers: m.answers,
    previousAnswers: m.previous.answers,
    mentionRate: rateChangeJson(m.mentionRate, m.previous.mentionRate, m.change.mentionRate),
    citationRate: rateChangeJson(m.citationRate, m.previous.citationRate, m.change.citationRate),
    avgPosition: meanChangeJson(m.avgPosition, m.previous.avgPosition, m.change.avgPosition),
    shareOfVoice: rateChangeJson(m.shareOfVoice, m.previous.shareOfVoice, m.change.shareOfVoice),
  };
}

function overviewJson(view: VisibilityOverview, brands: Map<string, BrandView>) {
  const focus = view.focusBrandId;
  return {
    period: view.period,
    brand: focus === null ? null : (brands.get(focus)?.name ?? null),
    brandId: focus,
    answers: view.answers,
    previousAnswers: view.previousAnswers,
    kpis: view.kpis ? leaderboardRow(view.kpis, brands.get(view.kpis.brandId), focus) : null,
    leaderboard: view.leaderboard.map((m) => leaderboardRow(m, brands.get(m.brandId), focus)),
    empty: view.empty,
    reanalysis: view.reanalysis ?? null,
  };
}

function bucketsJson(
  view: VisibilityBuckets,
  brands: Map<string, BrandView>,
  only: string | null,
  labelOf: EngineLabelOf,
) {
  return {
    period: view.period,
    ...bucketRowsJson(view, brands, only, labelOf, (r) => ({
      answers: r.answers,
      mentionRate: rateJson(r.mentionRate),
      citationRate: rateJson(r.citationRate),
      avgPosition: meanJson(r.avgPosition),
      shareOfVoice: rateJson(r.shareOfVoice),
    })),
    empty: view.empty,
    reanalysis: view.reanalysis ?? null,
  };
}

const periodLine = (p: VisibilityOverview['period']): string =>
  `${p.from} to ${p.to} (${p.days} day${p.days === 1 ? '' : 's'}; previous period ${p.previous.from} to ${p.previous.to})`;

function printOverview(ctx: CliContext, view: VisibilityOverview, brands: Map<string, BrandView>): void {
  writeLine(ctx.stdout, `Visibility ${periodLine(view.period)}`);
  writeLine(ctx.stdout, `Answers: ${view.answers} (previous period: ${view.previousAnswers})`);
  const note = reanalysisNote(view.reanalysis);
  if (note) writeLine(ctx.stdout, note);
  if (view.empty) return writeLine(ctx.stdout, `${view.empty}.`);
  if (view.kpis) {
    const k = view.kpis;
    const name = brands.get(k.brandId)?.name ?? k.brandId;
    writeLine(ctx.stdout, `\n${name}`);
    writeLine(
      ctx.stdout,
      formatTable(
        ['Metric', 'This period', 'n', 'Previous period', 'Change'],
        [
          [
            'Mention rate',
            formatRate(k.mentionRate),
            k.mentionRate.n,
            formatRate(k.previous.mentionRate),
            formatRateChange(k.change.mentionRate),
          ],
          [
            'Citation rate',
            formatRate(k.citationRate),
            k.citationRate.n,
            formatRate(k.previous.citationRate),
            formatRateChange(k.change.citationRate),
          ],
          [
            'Average position',
            formatMean(k.avgPosition),
            k.avgPosition.n,
            formatMean(k.previous.avgPosition),
            formatMeanChange(k.change.avgPosition),
          ],
          [
            'Share of voice',
            formatRate(k.shareOfVoice),
            k.shareOfVoice.n,
            formatRate(k.previous.shareOfVoice),
            formatRateChange(k.change.shareOfVoice),
          ],
        ],
      ),
    );
  } else writeLine(ctx.stdout, 'No focus brand: add yours with `parallax brands add NAME --kind brand`.');
  writeLine(ctx.stdout, '\nLeaderboard');
  writeLine(
    ctx.stdout,
    formatTable(
      [
        'Brand',
        'Kind',
        'Mentioned',
        'Change',
        'Cited',
        'Change',
        'Avg position',
        'Change',
        'Share of voice',
        'Change',
      ],
      view.leaderboard.map((m) => {
        const b = brands.get(m.brandId);
        return [
          b?.name ?? m.brandId,
          `${b?.kind ?? ''}${m.brandId === view.focusBrandId ? ' (focus)' : ''}`,
          formatRate(m.mentionRate),
          formatRateChange(m.change.mentionRate),
          formatRate(m.citationRate),
          formatRateChange(m.change.citationRate),
          formatMean(m.avgPosition),
          formatMeanChange(m.change.avgPosition),
          formatRate(m.shareOfVoice),
          formatRateChange(m.change.shareOfVoice),
        ];
      }),
    ),
  );
  writeLine(ctx.stdout, `\n${STATS_LEGEND}`);
}

function printBuckets(
  ctx: CliContext,
  view: VisibilityBuckets,
  brands: Map<string, BrandView>,
  only: string | null,
  labelOf: EngineLabelOf,
): void {
  writeLine(ctx.stdout, `Visibility by ${bucketHeading(view.by)}, ${periodLine(view.period)}`);
  const note = reanalysisNote(view.reanalysis);
  if (note) writeLine(ctx.stdout, note);
  const rows = view.rows.filter((r) => only === null || r.brandId === only);
  if (view.empty || rows.length === 0) return writeLine(ctx.stdout, `${view.empty ?? 'No rows'}.`);
  writeLine(
    ctx.stdout,
    bucketTable(view, rows, brands, labelOf, {
      headers: ['Answers', 'Mentioned', 'Cited', 'Avg position', 'Share of voice'],
      cells: (r) => [
        r.answers,
        formatRate(r.mentionRate),
        formatRate(r.citationRate),
        formatMean(r.avgPosition),
        formatRate(r.shareOfVoice),
      ],
    }),
  );
  writeLine(ctx.stdout, `\n${STATS_LEGEND}`);
}

/** The measure of --wide (null without it); --wide and --measure need --by engine alone. */
function wideOf(flags: VisibilityFlags, by: VisibilityDimension[] | null): BoardMeasure | null {
  if (!flags.wide) {
    if (flags.measure !== undefined) throw new CliUsageError('--measure goes with --by engine --wide');
    return null;
  }
  if (by?.length !== 1 || by[0] !== 'engine')
    throw new CliUsageError('--wide shows engines side by side: use it with --by engine');
  return parseMeasure(flags.measure);
}

function printWide(
  ctx: CliContext,
  view: VisibilityBuckets,
  o: {
    brands: Map<string, BrandView>;
    focusId: string | undefined;
    labelOf: EngineLabelOf;
    measure: BoardMeasure;
  },
): void {
  const focusId = o.focusId ?? defaultFocusBrand([...o.brands.values()])?.id ?? null;
  const board = engineBoard(view, focusId);
  if (ctx.json) return writeJson(ctx, engineBoardJson(view, board, o.brands, focusId, o.labelOf));
  writeLine(ctx.stdout, `Visibility by engine, ${periodLine(view.period)}`);
  const note = reanalysisNote(view.reanalysis);
  if (note) writeLine(ctx.stdout, note);
  if (view.empty || board.rows.length === 0) return writeLine(ctx.stdout, `${view.empty ?? 'No rows'}.`);
  writeLine(ctx.stdout, engineBoardTable(board, o.measure, o.brands, focusId, o.labelOf));
}

export const registerVisibilityCommand: RegisterCommand = (program: Command, ctx: CliContext) => {
  const command = addFilterOptions(
    program
      .command('visibility')
      .description(
        'Brand visibility over stored history: KPIs and leaderboard, or metrics per day/run/country/engine',
      ),
  )
    .option('--brand <name>', 'the focus brand (name or id); with --by, only its rows')
    .option(
      '--by <dimensions>',
      'one row per bucket: day, run, country or engine (up to two, comma-separated); or prompt or topic (alone)',
    )
    .option(
      '--wide',
      'with --by engine: one row per brand, one column per engine (the leaderboard by engine)',
    )
    .option('--measure <name>', 'with --wide: mention, voice, position or citation (default mention)');
  addPromptOptions(command)
    .addHelpText('after', HELP)
    .action(async (flags: VisibilityFlags) => {
      const grouping = promptGroupingOf(flags.by);
      if (flags.topic !== undefined && grouping === null)
        throw new CliUsageError('--topic goes with --by prompt or --by topic');
      const by = flags.by === undefined || grouping !== null ? null : parseBy(flags.by);
      const wide = wideOf(flags, by);
      await withCliCore(ctx, { ...READS, ...flags }, async (core) => {
        const now = Date.now;
        const service = await core.services.visibility();
        // Numbers after a brand change are partial until the stored answers are re-analysed.
        await finishReanalysis(ctx, service);
        const query = queryOf(core.store, flags, now());
        const brands = brandNames(core.store);
        if (grouping !== null) {
          const input = parseFlags(
            visibilityChannels['visibility.prompts'].input,
            { ...query, by: grouping, ...(flags.topic !== undefined ? { topic: flags.topic } : {}) },
            FILTER_FLAG_NAMES,
          );
          return outputPrompts(
            ctx,
            askService(() => service.prompts(input)),
            brands,
          );
        }
        if (by === null) {
          const input = parseFlags(visibilityChannels['visibility.overview'].input, query, FILTER_FLAG_NAMES);
          const view = askService(() => service.overview(input));
          if (ctx.json) return writeJson(ctx, overviewJson(view, brands));
          return printOverview(ctx, view, brands);
        }
        const input = parseFlags(
          visibilityChannels['visibility.buckets'].input,
          { ...query, by },
          FILTER_FLAG_NAMES,
        );
        const view = askService(() => service.buckets(input));
        if (wide)
          return printWide(ctx, view, {
            brands,
            focusId: input.brandId,
            labelOf: core.labelOf,
            measure: wide,
          });
        const only = input.brandId ?? null;
        if (ctx.json) return writeJson(ctx, bucketsJson(view, brands, only, core.labelOf));
        printBuckets(ctx, view, brands, only, core.labelOf);
      });
    });
};
