import type { HandlerModule } from './types';

// The Funnel view: core.services.funnel(), loaded at its first call (it reads the crawler and
// outcomes rooms, which the app needs nowhere else).

export const funnelHandlers: HandlerModule<'funnel.summary'> = ({ funnel }) => ({
  'funnel.summary': async ({ days, engine, site }) =>
    (await funnel()).funnel({ days, ...(engine ? { engine } : {}), ...(site ? { site } : {}) }),
});
