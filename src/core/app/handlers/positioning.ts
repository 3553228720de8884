import type { HandlerModule } from './types';

type Channels =
  | 'positioning.summary'
  | 'positioning.buckets'
  | 'positioning.attributeGaps'
  | 'positioning.results'
  | 'positioning.rescore.status'
  | 'positioning.rescore.estimate'
  | 'positioning.rescore.start'
  | 'positioning.rescore.cancel'
  | 'positioning.rescore.discard';

export const positioningHandlers: HandlerModule<Channels> = (ctx) => ({
  'positioning.summary': (input) => ctx.positioning.summary(input),
  'positioning.buckets': (input) => ctx.positioning.buckets(input),
  'positioning.attributeGaps': (input) => ctx.positioning.attributeGaps(input),
  'positioning.results': (input) => ctx.positioning.results(input),
  'positioning.rescore.status': () => ctx.rescoreControl.status(),
  'positioning.rescore.estimate': (input) => ctx.rescoreControl.estimate(input.judge, input.days),
  'positioning.rescore.start': (input) => ctx.rescoreControl.start(input.judge, input.days),
  'positioning.rescore.cancel': () => ctx.rescoreControl.cancel(),
  'positioning.rescore.discard': () => ctx.rescoreControl.discard(),
});
