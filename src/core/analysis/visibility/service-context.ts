import type { BrandView } from '../../../shared/ipc/channels/library';
import type { VisibilityBrandRef, VisibilityScope } from '../../../shared/visibility/types';
import { AppError } from '../../platform';
import type { HistoryStore, VisFilter } from '../../history';
import { brandedPrompts } from './branded-prompts';
import { resolvePeriod, type DayPeriod } from './period';
import type { VisibilityQueryInput } from './service-types';

// What every Visibility query starts from: the period, the brands and the focus, the scope as
// run or prompt ids, and the current and previous filters; plus the words for an empty view.

export interface Context {
  period: DayPeriod;
  brands: BrandView[];
  refs: VisibilityBrandRef[];
  focus: BrandView | null;
  scope: Pick<VisFilter, 'runIds' | 'promptIds'>;
  current: VisFilter;
  previous: VisFilter;
  input: VisibilityQueryInput;
}

export interface QueryContext {
  context(input: VisibilityQueryInput): Context;
  answersOf(filter: VisFilter): number;
  /** Why a view has nothing to show, in words (null when it has answers). */
  emptyReason(ctx: Context, answers: number): string | null;
  /** The competitors a citation gap counts against the focus. */
  rivalsOf(ctx: Context, focusId: string): string[];
  requireFocus(ctx: Context): BrandView;
}

/** The focus brand when none is chosen: the first brand of kind 'brand' by name. */
export function defaultFocusBrand<B extends Pick<BrandView, 'kind' | 'name'>>(
  brands: readonly B[],
): B | null {
  return brands.filter((b) => b.kind === 'brand').sort((a, b) => a.name.localeCompare(b.name))[0] ?? null;
}

export function createQueryContext(deps: { store: HistoryStore; now: () => number }): QueryContext {
  const { store } = deps;

  function resolveScope(scope: VisibilityScope): Pick<VisFilter, 'runIds' | 'promptIds'> {
    switch (scope.kind) {
      case 'all':
        return {};
      case 'run':
        if (!store.getRun(scope.id))
          throw new AppError('SCOPE_NOT_FOUND', `No run ${scope.id} in the history`);
        return { runIds: [scope.id] };
      case 'monitor': {
        const runIds = store.visMonitorRuns(scope.id);
        if (runIds === null) throw new AppError('SCOPE_NOT_FOUND', `No monitor ${scope.id}`);
        return { runIds };
      }
      case 'promptSet': {
        const set = store.listPromptSets().find((s) => s.id === scope.id);
        if (!set) throw new AppError('SCOPE_NOT_FOUND', `No prompt set ${scope.id}`);
        return { promptIds: set.promptIds };
      }
      case 'tag': {
        const tagged = store.visTagged(scope.name);
        if (tagged === null) throw new AppError('SCOPE_NOT_FOUND', `No tag named ${scope.name}`);
        return tagged.promptIds.length > 0 ? tagged : { runIds: tagged.runIds };
      }
    }
  }

  /** The filter leaving out branded prompts (none to leave out: no filter, the roll-ups answer). */
  function withoutBranded(brands: readonly BrandView[]): Pick<VisFilter, 'withoutPromptTexts'> {
    const branded = [...brandedPrompts(brands, store.visPromptTexts()).keys()];
    return branded.length > 0 ? { withoutPromptTexts: branded } : {};
  }

  function context(input: VisibilityQueryInput): Context {
    const period = resolvePeriod(input.period, deps.now());
    const brands = store.listBrands();
    let focus: BrandView | null;
    if (input.brandId !== undefined) {
      focus = brands.find((b) => b.id === input.brandId) ?? null;
      if (!focus) throw new AppError('BRAND_NOT_FOUND', `No brand with id ${input.brandId}`);
    } else {
      focus = defaultFocusBrand(brands);
    }
    const scope = resolveScope(input.scope);
    const base = {
      ...scope,
      ...(input.unbranded === true ? withoutBranded(brands) : {}),
      ...(input.engines?.length ? { engines: input.engines } : {}),
      ...(input.locations?.length ? { locations: input.locations } : {}),
    };
    return {
      period,
      brands,
      refs: brands.map((b) => ({ id: b.id, name: b.name, kind: b.kind, domains: b.domains })),
      focus,
      scope,
      current: { ...base, fromDay: period.fromDay, toDay: period.toDay },
      previous: { ...base, fromDay: period.prevFromDay, toDay: period.prevToDay },
      input,
    };
  }

  function answersOf(filter: VisFilter): number {
    return store.visCells(filter, []).reduce((s, r) => s + r.answers, 0);
  }

  /** Why a view has nothing to show, in words (null when it has answers). */
  function emptyReason(ctx: Context, answers: number): string | null {
    if (answers > 0) return null;
    if (store.visDayRange() === null)
      return 'No answers in the history yet: run prompts or load a demo history';
    if (ctx.input.scope.kind !== 'all' && answersOf({ ...ctx.scope, fromDay: 0, toDay: 1e7 }) === 0)
      return 'No answers for this scope';
    if (ctx.input.engines?.length || ctx.input.locations?.length)
      return 'No answers for these engines and locations in this period';
    return 'No answers in this period';
  }

  function rivalsOf(ctx: Context, focusId: string): string[] {
    return ctx.brands.filter((b) => b.kind === 'competitor' && b.id !== focusId).map((b) => b.id);
  }

  function requireFocus(ctx: Context): BrandView {
    if (!ctx.focus)
      throw new AppError('BRAND_NOT_FOUND', 'No focus brand: add a brand of kind "brand" or choose one');
    return ctx.focus;
  }

  return { context, answersOf, emptyReason, rivalsOf, requireFocus };
}
