import type { BrandDefinition } from '../../../shared/analytics/brand-types';
import type { BrandPositioning, JudgeRef } from '../../../shared/positioning/types';
import { recoverUnits } from './recover';
import { positioningFromUnits, SANDBOX_JUDGE } from './truth';
import type { WrittenUnit } from './written';
import type { PlannedBrand } from './plan';
import type { Shape } from './units';
import type { Lang } from '../locales';

// The sandbox's positioning: how its answers present each brand (top pick, recommended,
// mentioned, cautioned; tone; qualities), how that moves with events, and the ground truth,
// kept in-process (never in the service's JSON). See docs/reference/sandbox-positioning.md.

export { composeAnswer, type ComposedAnswer, type ComposeInput } from './compose';
export { planBrands, shapeOf, tendency, type PlanContext, type PlannedBrand } from './plan';
export {
  positioningEventsBetween,
  positioningEventsOn,
  scheduledPositioningEvents,
  TOP_PICK_SCORE,
  isSoured,
  isTopPick,
  type PositioningEvent,
  type PositioningEventKind,
} from './events';
export { recoverUnits, type RecoveredAnswer } from './recover';
export {
  positioningByName,
  positioningFromUnits,
  SANDBOX_JUDGE,
  sentimentOf,
  type WrittenPositioning,
} from './truth';
export type { WrittenSlot, WrittenUnit } from './written';
export type { WrittenAttribute } from './attributes';
export { SHAPES, type Shape } from './units';

/** What one synthetic answer wrote about its brands, in both forms an engine returns. */
export interface AnswerPositioning {
  lang: Lang;
  shape: Shape;
  /** The plan the units were written from (status and qualities per brand). */
  plan: PlannedBrand[];
  /** Units with offsets in the answer's plain text. */
  text: WrittenUnit[];
  /** Units with offsets in the answer's Markdown. */
  markdown: WrittenUnit[];
}

/** The sandbox's ground truth for one answer, as judges report it, for the analyst's brand definitions. */
export function writtenPositioning(
  answer: { positioning: AnswerPositioning },
  brands: readonly BrandDefinition[],
  format: 'markdown' | 'text',
  judge: JudgeRef = SANDBOX_JUDGE,
): BrandPositioning[] {
  return positioningFromUnits(answer.positioning[format], brands, judge);
}

/**
 * The positioning the sandbox wrote into an answer, recovered from the answer's text alone
 * (Markdown or plain, as an engine returned it): deterministic and stateless, for the
 * sandbox's OpenAI-compatible chat endpoint. Null when the text is not a sandbox answer.
 */
export function recoverSandboxPositioning(
  answerText: string,
  brands: readonly BrandDefinition[],
  judge: JudgeRef = SANDBOX_JUDGE,
): BrandPositioning[] | null {
  const recovered = recoverUnits(answerText);
  return recovered === null ? null : positioningFromUnits(recovered.units, brands, judge);
}
