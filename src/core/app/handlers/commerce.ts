import type { HandlerModule } from './types';

// Commerce: the shelf, prices, merchants and ads of the answers asked with shopping and ads on,
// and the answers behind each number (for Compare), from core.services.commerce().

type Channels = 'commerce.summary' | 'commerce.products' | 'commerce.ads' | 'commerce.answers';

export const commerceHandlers: HandlerModule<Channels> = ({ commerce }) => ({
  'commerce.summary': ({ by, ...query }) => commerce.summary(query, by),
  'commerce.products': ({ limit, ...query }) => commerce.products(query, limit),
  'commerce.ads': (query) => commerce.ads(query),
  'commerce.answers': ({ drill, limit, ...query }) => commerce.answers(query, drill, limit),
});
