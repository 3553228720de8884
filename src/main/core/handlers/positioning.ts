import { rescoreStatus } from '../../positioning';
import type { HandlerModule } from './types';

type Channels =
  | 'positioning.summary'
  | 'positioning.buckets'
  | 'positioning.attributeGaps'
  | 'positioning.results'
  | 'positioning.rescore.status'
  | 'positioning.rescore.start'
  | 'positioning.rescore.cancel';

const DAY_MS = 86_400_000;

export const positioningHandlers: HandlerModule<Channels> = (ctx) => ({
  'positioning.summary': (input) => ctx.positioning.summary(input),
  'positioning.buckets': (input) => ctx.positioning.buckets(input),
  'positioning.attributeGaps': (input) => ctx.positioning.attributeGaps(input),
  'positioning.results': (input) => ctx.positioning.results(input),
  'positioning.rescore.status': () => rescoreStatus(ctx.store, ctx.rescore.running),
  'positioning.rescore.start': (input) => {
    const fromDay = input.days === undefined ? null : Math.floor(ctx.now() / DAY_MS) - input.days + 1;
    ctx.rescore.start({ fromDay });
    return rescoreStatus(ctx.store, ctx.rescore.running);
  },
  'positioning.rescore.cancel': async () => {
    await ctx.rescore.cancel();
    return rescoreStatus(ctx.store, ctx.rescore.running);
  },
});
