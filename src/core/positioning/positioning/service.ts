import type { InvokeParsedInput } from '../../../shared/ipc/contract';
import type {
  AttributeGapsView,
  NotJudgedView,
  PositioningBuckets,
  PositioningMetrics,
  PositioningSummary,
  RescoreProgress,
  ResultPositioning,
} from '../../../shared/positioning/view-types';
import type { VisibilityDimension } from '../../../shared/visibility/types';
import { notJudgedSentence } from '../../../shared/positioning';
import { AppError } from '../../platform';
import type { HistoryStore, PosAttrRow, PosStatusRow, VisDim, VisFilter } from '../../history';
import { isoDay, createQueryContext, promptsView, type Context } from '../../analysis';
import type { PromptsView } from '../../../shared/visibility/prompt-types';
import { attributeGaps } from './attribute-gaps';
import { groupBy, metricsOf, NO_STATUS, withChange } from './metrics';
import { progressOf } from './rescore-view';

// How the engines present each tracked brand, over the positioning roll-ups the store keeps at
// ingest: the same scopes, periods and filters as the Visibility view (its query context), for
// the active judge's rows. The store sums; metrics.ts turns sums into rates and intervals.

export type PositioningQueryInput = InvokeParsedInput<'positioning.summary'>;

export interface PositioningService {
  summary(input: InvokeParsedInput<'positioning.summary'>): PositioningSummary;
  buckets(input: InvokeParsedInput<'positioning.buckets'>): PositioningBuckets;
  attributeGaps(input: InvokeParsedInput<'positioning.attributeGaps'>): AttributeGapsView;
  results(input: InvokeParsedInput<'positioning.results'>): ResultPositioning[];
  /** Per prompt or topic, as the Visibility view's Prompts table, with this service's judge (or `judge`). */
  prompts(input: InvokeParsedInput<'visibility.prompts'>, judge?: string): PromptsView;
  /** The re-score job as the views show it (null when none is pending). */
  rescoreProgress(): RescoreProgress | null;
}

export interface PositioningDeps {
  store: HistoryStore;
  now: () => number;
  /** The judge whose rows the numbers count (settings; 'builtin' by default). */
  activeJudge: () => string;
}

const DIM: Record<VisibilityDimension, VisDim> = {
  day: 'day',
  run: 'run',
  location: 'loc',
  engine: 'engine',
};

export function createPositioningService(deps: PositioningDeps): PositioningService {
  const { store } = deps;
  const q = createQueryContext(deps);
  const judgeOf = (input: { judge?: string | undefined }): string => input.judge ?? deps.activeJudge();

  const rescoreProgress = (): RescoreProgress | null => {
    const job = store.posRescoreState().job;
    return job === null ? null : progressOf(job);
  };

  /** Every tracked brand's metrics over a filter. */
  function brandMetrics(ctx: Context, filter: VisFilter, judge: string, attributeLimit: number) {
    const sums = new Map(store.posStatus(filter, judge, []).map((r) => [r.brandId, r]));
    const attrs =
      attributeLimit > 0
        ? groupBy(store.posAttrs(filter, judge, []), (r) => r.brandId)
        : new Map<string, PosAttrRow[]>();
    return new Map(
      ctx.brands.map((b) => [
        b.id,
        metricsOf(b.id, sums.get(b.id) ?? NO_STATUS, attrs.get(b.id) ?? [], attributeLimit),
      ]),
    );
  }

  /** Answers of the period the judge did not read, with the sentence the views say. */
  function notJudgedOf(ctx: Context, judge: string): NotJudgedView {
    const answers = ctx.brands.length === 0 ? 0 : store.posNotJudged(ctx.current, judge);
    return { answers, note: notJudgedSentence(answers) };
  }

  /** Why there is nothing to show, in words (null when some answer names a brand). */
  function emptyReason(ctx: Context, named: number, notJudged: NotJudgedView): string | null {
    const answers = q.answersOf(ctx.current);
    const base = q.emptyReason(ctx, answers);
    if (base !== null) return base;
    if (ctx.brands.length === 0) return 'No brands defined: add your brand and its competitors';
    if (named > 0) return null;
    if (notJudged.note !== null) return `No answer the judge read names a tracked brand; ${notJudged.note}`;
    const job = store.posRescoreState().job;
    if (job !== null)
      return `Answers are being scored (${job.done.toLocaleString('en')} of ${job.total.toLocaleString('en')}): positioning shows once they are`;
    return 'No answer in this period names a tracked brand';
  }

  return {
    prompts(input, judge) {
      return promptsView(store, q, input, judge ?? deps.activeJudge());
    },

    summary(input) {
      const ctx = q.context(input);
      const judge = judgeOf(input);
      const cur = brandMetrics(ctx, ctx.current, judge, input.attributeLimit);
      // The previous period's rates only (what the changes need): its attributes are asked for
      // as a period of their own (the attribute roll-ups are the largest read).
      const prev = brandMetrics(ctx, ctx.previous, judge, 0);
      const focusId = ctx.focus?.id ?? null;
      const leaderboard = ctx.brands
        .map((b) => withChange(cur.get(b.id) as PositioningMetrics, prev.get(b.id) as PositioningMetrics))
        .sort(
          (a, b) =>
            Number(b.brandId === focusId) - Number(a.brandId === focusId) ||
            (b.recommendationRate.value ?? -1) - (a.recommendationRate.value ?? -1) ||
            a.brandId.localeCompare(b.brandId),
        );
      const named = leaderboard.reduce((s, m) => s + m.n, 0);
      const notJudged = notJudgedOf(ctx, judge);
      return {
        period: ctx.period.resolved,
        judge: { id: judge },
        focusBrandId: focusId,
        brands: ctx.refs,
        kpis: leaderboard.find((m) => m.brandId === focusId) ?? null,
        leaderboard,
        empty: emptyReason(ctx, named, notJudged),
        rescore: rescoreProgress(),
        notJudged,
      };
    },

    buckets(input) {
      const ctx = q.context(input);
      const judge = judgeOf(input);
      const by = [...new Set(input.by)];
      const dims = by.map((d) => DIM[d]);
      const keyOf = (r: Partial<Record<VisDim, string | number>>) =>
        dims.map((d) => String(r[d])).join('\u0001');
      const status = groupBy(store.posStatus(ctx.current, judge, dims), keyOf);
      const attrs =
        input.attributeLimit > 0
          ? groupBy(store.posAttrs(ctx.current, judge, dims), (r) => `${keyOf(r)}\u0002${r.brandId}`)
          : new Map<string, PosAttrRow[]>();
      const label = (d: VisDim, v: string | number | undefined): string =>
        d === 'day' ? isoDay(v as number) : String(v);
      const buckets = [...status.entries()]
        .map(([key, rows]) => {
          const first = rows[0] as PosStatusRow;
          const bucket = Object.fromEntries(by.map((d) => [d, label(DIM[d], first[DIM[d]])])) as Partial<
            Record<VisibilityDimension, string>
          >;
          return { key, rows, bucket };
        })
        .sort((a, b) =>
          JSON.stringify(Object.values(a.bucket)).localeCompare(JSON.stringify(Object.values(b.bucket))),
        );
      const rows = buckets.flatMap(({ key, rows: list, bucket }) => {
        const sums = new Map(list.map((r) => [r.brandId, r]));
        return ctx.brands.map((b) => ({
          ...metricsOf(
            b.id,
            sums.get(b.id) ?? NO_STATUS,
            attrs.get(`${key}\u0002${b.id}`) ?? [],
            input.attributeLimit,
          ),
          bucket,
        }));
      });
      const runIds = dims.includes('run') ? [...new Set(buckets.map((b) => b.bucket.run as string))] : [];
      const notJudged = notJudgedOf(ctx, judge);
      return {
        period: ctx.period.resolved,
        judge: { id: judge },
        by: input.by,
        rows,
        runLabels: runIds.length ? store.visRunLabels(runIds) : {},
        empty: emptyReason(
          ctx,
          rows.reduce((s, r) => s + r.n, 0),
          notJudged,
        ),
        rescore: rescoreProgress(),
        notJudged,
      };
    },

    attributeGaps(input) {
      const ctx = q.context(input);
      const focus = q.requireFocus(ctx);
      const judge = judgeOf(input);
      const sums = store.posStatus(ctx.current, judge, []);
      const named = new Map(sums.map((r) => [r.brandId, r.n]));
      const rivals = new Set(q.rivalsOf(ctx, focus.id));
      const gaps = attributeGaps(focus.id, rivals, named, store.posAttrs(ctx.current, judge, []), input);
      const notJudged = notJudgedOf(ctx, judge);
      return {
        period: ctx.period.resolved,
        judge: { id: judge },
        focusBrandId: focus.id,
        gaps,
        empty: emptyReason(
          ctx,
          sums.reduce((s, r) => s + r.n, 0),
          notJudged,
        ),
        rescore: rescoreProgress(),
        notJudged,
      };
    },

    results(input) {
      const found = store.posResults(input.resultIds, judgeOf(input));
      const missing = input.resultIds.find((_, i) => found[i] === null);
      if (missing !== undefined) throw new AppError('RESULT_NOT_FOUND', `No result with id ${missing}`);
      return found as ResultPositioning[];
    },

    rescoreProgress,
  };
}
