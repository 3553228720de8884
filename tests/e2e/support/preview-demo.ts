import { DEMO_MONITORS, DEMO_SHAPES } from '../../../src/core/demo';
import { ENGINES } from '../../../src/shared/api/engines';
import type { DemoStatusView } from '../../../src/shared/ipc/channels/demo';
import type { Harness } from '../harness';

// What the preview demo (the first-run screen's and `parallax demo`'s default: every engine,
// src/core/demo/plan.ts) holds, read from its plan, so the view tests' expected counts and
// labels follow the plan instead of repeating its numbers; and which days a copy of it holds,
// read from its own record (`demo.status`), never from the clock.

const SHAPE = DEMO_SHAPES.preview;

/** Every engine the preview asks, by the label the views show (the spec's, the app's default profile). */
export const PREVIEW_ENGINE_LABELS: readonly string[] = SHAPE.engines.map((e) => ENGINES[e].label);

/** The countries and US states it asks from. */
export const PREVIEW_LOCATIONS = SHAPE.countries.length + SHAPE.states.length;

/** Answers the demo stores a day: every prompt of every monitor, on every engine, place and repeat. */
export const PREVIEW_ANSWERS_PER_DAY =
  DEMO_MONITORS.reduce((sum, m) => sum + m.prompts.length, 0) *
  SHAPE.engines.length *
  PREVIEW_LOCATIONS *
  SHAPE.repeats;

/** The open history's demo, as `demo.status` reports it (its days from the demo's own record). */
export async function demoStatusOf(h: Harness): Promise<DemoStatusView> {
  const reply = await h.core.router.invoke('demo.status', {});
  if (!reply.ok) throw new Error(reply.error.message);
  const status = reply.value as DemoStatusView;
  if (!status.present) throw new Error('the history holds no demo');
  return status;
}

/** "7,680 answers": an answer count as the views write it. */
export const answersText = (n: number): string => `${n.toLocaleString('en-US')} answers`;
