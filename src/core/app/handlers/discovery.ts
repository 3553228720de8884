import type { HandlerModule } from './types';

// Competitor discovery. Accept and merge save a brand through the store's brand save path,
// which re-analyses the stored history; like 'brands.save', they announce it so the views
// reload and the background re-analysis driver continues the job.

type Channels =
  | 'discovery.queue'
  | 'discovery.candidate'
  | 'discovery.accept'
  | 'discovery.dismiss'
  | 'discovery.restore'
  | 'discovery.merge';

export const discoveryHandlers: HandlerModule<Channels> = (ctx) => {
  const { discovery } = ctx;
  return {
    'discovery.queue': (input) => discovery.queue(input),
    'discovery.candidate': ({ key, ...query }) => discovery.candidate(key, query),
    'discovery.accept': (input) => {
      const brand = discovery.accept(input);
      ctx.events.emit('visibility.changed', { reason: 'brands' });
      return brand;
    },
    'discovery.dismiss': ({ key }) => discovery.dismiss(key),
    'discovery.restore': ({ key }) => discovery.restore(key),
    'discovery.merge': (input) => {
      const brand = discovery.merge(input);
      ctx.events.emit('visibility.changed', { reason: 'brands' });
      return brand;
    },
  };
};
