import type { HandlerModule } from './types';

type Channels =
  | 'visibility.overview'
  | 'visibility.buckets'
  | 'visibility.sources'
  | 'visibility.gaps'
  | 'visibility.urls'
  | 'visibility.queries'
  | 'visibility.results'
  | 'visibility.prompts'
  | 'visibility.siteKinds'
  | 'visibility.setSiteKind'
  | 'history.seriesKeys';

export const visibilityHandlers: HandlerModule<Channels> = (ctx) => ({
  'visibility.overview': (input) => ctx.visibility.overview(input),
  'visibility.buckets': (input) => ctx.visibility.buckets(input),
  'visibility.sources': (input) => ctx.visibility.sources(input),
  'visibility.gaps': (input) => ctx.visibility.gaps(input),
  'visibility.urls': (input) => ctx.visibility.urls(input),
  'visibility.queries': (input) => ctx.visibility.queries(input),
  'visibility.results': (input) => ctx.visibility.results(input),
  'visibility.prompts': (input) => ctx.visibility.prompts(input),
  'visibility.siteKinds': (input) => ctx.visibility.siteKinds(input),
  'visibility.setSiteKind': (input) => ctx.visibility.setSiteKind(input),
  'history.seriesKeys': (input) => ctx.visibility.seriesKeys(input),
});
