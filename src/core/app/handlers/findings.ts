import { createFindingsService } from '../../analysis';
import { engineLabelsOfSettings } from '../../platform';
import type { HandlerModule } from './types';

// What changed (findings.list): the findings engine over the core's history, counting the
// active judge's positioning (settings).

export const findingsHandlers: HandlerModule<'findings.list'> = (ctx) => {
  const findings = createFindingsService({
    store: ctx.store,
    now: ctx.now,
    activeJudge: () => ctx.settings.get().positioningJudge,
    labels: () => engineLabelsOfSettings(ctx.settings.get()),
  });
  return { 'findings.list': (input) => findings.list(input) };
};
