import type { HandlerModule } from './types';

// What changed (findings.list): the findings engine over the core's history, counting the
// active judge's positioning (settings).

export const findingsHandlers: HandlerModule<'findings.list'> = (ctx) => ({
  'findings.list': (input) => ctx.findings.list(input),
});
