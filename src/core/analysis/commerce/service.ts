import type { CommerceQuery, CommerceService } from '../../../shared/commerce';
import { AppError } from '../../platform';
import type { ComFilter, HistoryStore } from '../../history';
import { createQueryContext, dayOf, type Context } from '../visibility';
import { adList, productList } from './lists';
import { commerceSummary } from './summary';

// The commerce numbers over stored answers, read from the roll-ups kept at ingest: the one
// place every front end (the CLI, the app, MCP, reports) takes them from.

const DEFAULT_PRODUCTS = 20;
/** Answers a drill-down gives Compare at most (the total is still counted). */
const DEFAULT_ANSWERS = 200;

export function createCommerceService(deps: { store: HistoryStore; now: () => number }): CommerceService {
  const { store } = deps;
  const queries = createQueryContext(deps);
  function contextOf(query: CommerceQuery): Context {
    if (query.scope.kind === 'promptSet' || query.scope.kind === 'tag')
      throw new AppError(
        'BAD_SCOPE',
        'Commerce numbers are kept per run: choose a monitor, a run or all answers',
      );
    const { brandId: _focus, ...rest } = query;
    return queries.context(rest);
  }
  function onlyBrand(ctx: Context, query: CommerceQuery): string | undefined {
    if (query.brandId === undefined) return undefined;
    if (!ctx.brands.some((b) => b.id === query.brandId))
      throw new AppError('BRAND_NOT_FOUND', `No brand with id ${query.brandId}`);
    return query.brandId;
  }
  /** The filter of the context; a monitor's numbers come from its own level rows. */
  const filterOf = (ctx: Context, query: CommerceQuery): ComFilter =>
    query.scope.kind === 'monitor' ? { ...ctx.current, monitorId: query.scope.id } : ctx.current;
  const periodOf = (ctx: Context) => ({
    from: ctx.period.resolved.from,
    to: ctx.period.resolved.to,
    days: ctx.period.resolved.days,
  });
  return {
    summary(query, by) {
      const ctx = contextOf(query);
      return {
        period: periodOf(ctx),
        ...commerceSummary(store, filterOf(ctx, query), ctx.brands, onlyBrand(ctx, query), by),
      };
    },
    products(query, limit = DEFAULT_PRODUCTS) {
      const ctx = contextOf(query);
      return {
        period: periodOf(ctx),
        products: productList(store, filterOf(ctx, query), ctx.brands, onlyBrand(ctx, query), limit),
      };
    },
    ads(query) {
      const ctx = contextOf(query);
      return { period: periodOf(ctx), ...adList(store, filterOf(ctx, query), ctx.brands) };
    },
    answers(query, drill, limit = DEFAULT_ANSWERS) {
      const ctx = contextOf(query);
      const what = drill.what;
      for (const id of [
        'brandId' in what ? what.brandId : undefined,
        'advertiserId' in what ? what.advertiserId : undefined,
      ]) {
        if (id !== undefined && !ctx.brands.some((b) => b.id === id))
          throw new AppError('BRAND_NOT_FOUND', `No brand with id ${id}`);
      }
      return store.comDrill(
        ctx.current,
        what,
        {
          ...(drill.engine !== undefined ? { engine: drill.engine } : {}),
          ...(drill.location !== undefined ? { location: drill.location } : {}),
          ...(drill.day !== undefined ? { day: dayOf(drill.day) } : {}),
        },
        limit,
      );
    },
    fill(batch) {
      return store.fillCommerce(batch);
    },
  };
}
