import type { HandlerModule } from './types';

export const historyHandlers: HandlerModule<'history.search' | 'history.domains'> = (ctx) => ({
  'history.search': (options) => {
    const { hits, total, totalCapped } = ctx.store.search(options);
    return { hits: hits.map(({ jobId: _job, repeat: _repeat, ...hit }) => hit), total, totalCapped };
  },
  'history.domains': (filter) =>
    ctx.store
      .sourceDomains(filter)
      .map(({ domain, country, count, avgPosition }) => ({ domain, country, count, avgPosition })),
});
