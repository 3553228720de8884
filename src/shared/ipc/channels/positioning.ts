import { z } from 'zod';
import type {
  AttributeGapsView,
  PositioningBuckets,
  PositioningSummary,
  RescoreStatus,
  ResultPositioning,
} from '../../positioning/view-types';
import type { RescoreEstimateView } from '../../positioning/rescore-app';
import { invokeChannel } from '../define';
import { visibilityDimensionSchema, visibilityQuerySchema } from './visibility';

// How the engines present each tracked brand, over stored history: recommendation
// rate and net sentiment with their intervals, status and tone counts, attributes, per bucket,
// the attributes competitors own, each answer's positioning for Compare, and the archive's
// re-score. Computed in main from roll-ups kept at ingest, for the active judge (settings).

const id = z.string().min(1).max(64);
const judgeName = z.string().trim().min(1).max(200);

/** How many attributes each brand lists (0: none). */
const attributeLimit = (fallback: number) => z.number().int().min(0).max(50).default(fallback);

export const positioningQuerySchema = visibilityQuerySchema
  .extend({
    attributeLimit: attributeLimit(5),
    /** Another judge's rows than the active judge's (e.g. 'builtin' beside a model judge). */
    judge: judgeName.optional(),
  })
  .strict();

export const rescoreStartSchema = z
  .object({
    /** Only answers of the last N days (today included); all when absent. */
    days: z.number().int().min(1).max(3660).optional(),
    /** The built-in judge, or the model judge set in Settings → Positioning judge (its key stays in main). */
    judge: z.enum(['builtin', 'model']).default('builtin'),
  })
  .strict();

export const positioningChannels = {
  /** The focus brand's KPIs and every tracked brand's positioning, with changes against the previous period. */
  'positioning.summary': invokeChannel(positioningQuerySchema).returns<PositioningSummary>(),
  /** Per bucket (day, run, location, engine; one or two) and brand: the status mix and tone over time. */
  'positioning.buckets': invokeChannel(
    positioningQuerySchema
      .extend({ by: z.array(visibilityDimensionSchema).min(1).max(2), attributeLimit: attributeLimit(0) })
      .strict(),
  ).returns<PositioningBuckets>(),
  /** Attributes frequent for competitors and absent or rare for the focus brand. */
  'positioning.attributeGaps': invokeChannel(
    positioningQuerySchema
      .extend({
        limit: z.number().int().min(1).max(100).default(10),
        /** Least share of a competitor's answers an attribute needs to count as owned. */
        minShare: z.number().min(0).max(1).default(0.05),
      })
      .strict(),
  ).returns<AttributeGapsView>(),
  /** Each brand's status, tone, evidence and attributes in these answers (Compare's columns). */
  'positioning.results': invokeChannel(
    z.object({ resultIds: z.array(id).min(1).max(500), judge: judgeName.optional() }).strict(),
  ).returns<ResultPositioning[]>(),
  /** The re-score under way or paused, and the last one's summary (what moved). */
  'positioning.rescore.status': invokeChannel(z.object({}).strict()).returns<RescoreStatus>(),
  /**
   * What a re-score would judge and cost (a model: tokens, USD, the budget's verdict), before any
   * call; records the job paused (a stopped one of the same judge is offered for Resume).
   */
  'positioning.rescore.estimate': invokeChannel(rescoreStartSchema).returns<RescoreEstimateView>(),
  /**
   * Re-scores the archive with the built-in or the model judge in the background (resumes a
   * paused one); a model whose estimate is above its budget is refused before any call.
   */
  'positioning.rescore.start': invokeChannel(rescoreStartSchema).returns<RescoreStatus>(),
  /** Stops the re-score after the batch under way; it stays paused with its progress. */
  'positioning.rescore.cancel': invokeChannel(z.object({}).strict()).returns<RescoreStatus>(),
  /** Forgets a re-score estimated but never started (paused, nothing judged); what it wrote stays. */
  'positioning.rescore.discard': invokeChannel(z.object({}).strict()).returns<RescoreStatus>(),
};
