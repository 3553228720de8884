import type { InvokeParsedInput } from '../../../shared/ipc/contract';
import { SITE_KIND_LIST, SITE_KIND_LIST_DATE } from '../../../shared/visibility/site-kind-list';
import { siteHost } from '../../../shared/visibility/site-kinds';
import type { SiteKindsView } from '../../../shared/visibility/types';
import type { HistoryStore } from '../../history';
import type { QueryContext } from './service-context';
import type { VisibilityService } from './service-types';
import { siteClassifier, siteKindRules } from './site-kinds';

// The kinds of cited sites as the analyst manages them: the list's date, their overrides, a
// domain's kind and why (`parallax sources kinds`, the Sources view's kind picker).

const LIST_SIZE = Object.values(SITE_KIND_LIST).reduce((n, list) => n + list.length, 0);

/** Discovery's retailers are read over this many days up to today. */
const DISCOVERY_DAYS = 90;

export function createSiteKindQueries(
  store: HistoryStore,
  q: QueryContext,
): Pick<VisibilityService, 'siteKinds' | 'setSiteKind'> {
  function view(input: InvokeParsedInput<'visibility.siteKinds'>): SiteKindsView {
    const ctx = q.context({ scope: { kind: 'all' }, period: { days: DISCOVERY_DAYS } });
    const kindOf = siteClassifier(siteKindRules(store, ctx));
    return {
      listDate: SITE_KIND_LIST_DATE,
      listSize: LIST_SIZE,
      focusBrandId: ctx.focus?.id ?? null,
      overrides: store.listSiteKindOverrides(),
      domains: input.domains.map((d) => ({ domain: siteHost(d), ...kindOf(d) })),
    };
  }
  return {
    siteKinds: view,
    setSiteKind(input) {
      store.setSiteKindOverride(input.domain, input.kind);
      return view({ domains: [input.domain] });
    },
  };
}
