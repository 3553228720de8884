import { isHttpUrl } from '../../../shared/csp';
import { AppError } from '../../errors/app-error';
import type { HandlerModule } from './types';

type Channels = 'results.get' | 'results.raw' | 'results.html' | 'results.series';

const HTML_LIMIT_BYTES = 5 * 1024 * 1024;
const HTML_TIMEOUT_MS = 15_000;

export const resultsHandlers: HandlerModule<Channels> = (ctx) => ({
  // The raw JSON is left out here (it can be large); results.raw fetches it on demand.
  'results.get': ({ resultIds }) =>
    ctx.store.getResults(resultIds).map(({ rawJson: _json, raw: _raw, ...view }) => view),
  'results.raw': ({ resultId }) => {
    const json = ctx.store.getRawJson(resultId);
    if (json === null) throw new AppError('RESULT_NOT_FOUND', `No result ${resultId} in the history`);
    return { json };
  },
  'results.html': async ({ resultId, index }) => {
    const result = ctx.store.getResult(resultId);
    if (!result) throw new AppError('RESULT_NOT_FOUND', `No result ${resultId} in the history`);
    const url = result.normalized.htmlUrls[index];
    if (!url)
      return { html: null, reason: 'This result has no stored HTML (ask for include.html when running).' };
    if (!isHttpUrl(url)) return { html: null, reason: 'The stored HTML address is not an http(s) URL.' };
    try {
      const response = await ctx.fetch(url, {
        signal: AbortSignal.timeout(HTML_TIMEOUT_MS),
        redirect: 'follow',
      });
      if (!response.ok)
        return {
          html: null,
          reason: `The HTML could not be fetched (HTTP ${response.status}); stored pages expire after 24 hours.`,
        };
      const text = await response.text();
      if (text.length > HTML_LIMIT_BYTES)
        return { html: null, reason: 'The stored HTML is larger than 5 MB.' };
      return { html: text, reason: null };
    } catch (error) {
      return {
        html: null,
        reason: `The HTML could not be fetched: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  },
  'results.series': ({ prompt, engine, country, state }) =>
    ctx.store.getSeries({ prompt, engine, country, state }),
});
