import { AppError } from '../../platform';
import type { HandlerModule } from './types';

type Channels = 'results.get' | 'results.raw' | 'results.html' | 'results.series';

function pendingOrFailed(state: 'pending' | 'failed', reason: string | null, attempts: number): string {
  if (state === 'failed') return reason ?? 'The page could not be archived.';
  return attempts > 0 && reason
    ? `Not archived yet: ${reason} It will be tried again.`
    : 'The page is being archived.';
}

export const resultsHandlers: HandlerModule<Channels> = (ctx) => ({
  // The raw JSON is left out here (it can be large); results.raw fetches it on demand.
  'results.get': ({ resultIds }) =>
    ctx.store.getResults(resultIds).map(({ rawJson: _json, raw: _raw, ...view }) => view),
  'results.raw': ({ resultId }) => {
    const json = ctx.store.getRawJson(resultId);
    if (json === null) throw new AppError('RESULT_NOT_FOUND', `No result ${resultId} in the history`);
    return { json };
  },
  // The archived copy, never the live link (it expires 24 h after the answer): the tab works
  // offline and shows why a page could not be kept.
  'results.html': ({ resultId, index }) => {
    const result = ctx.store.getResult(resultId);
    if (!result) throw new AppError('RESULT_NOT_FOUND', `No result ${resultId} in the history`);
    const pageCount = result.normalized.htmlUrls.length;
    const page = ctx.store.getArchivedPage(resultId, index);
    if (!page)
      return {
        html: null,
        reason: 'This result has no stored HTML (ask for include.html when running).',
        state: 'none' as const,
        pageCount,
        url: null,
        archivedAt: null,
      };
    return {
      html: page.html,
      reason: page.state === 'archived' ? null : pendingOrFailed(page.state, page.reason, page.attempts),
      state: page.state,
      pageCount,
      url: page.url,
      archivedAt: page.archivedAt,
    };
  },
  'results.series': ({ prompt, engine, country, state }) =>
    ctx.store.getSeries({ prompt, engine, country, state }),
});
