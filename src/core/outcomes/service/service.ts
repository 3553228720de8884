import type { HistoryStore, OutcomeConnection, OutcomeHolding } from '../../history';
import { importOutcomeFile, isoOfDay, type ImportInput, type ImportReport } from '../imports';
import { REFERRER_CATALOGUE } from '../referrers';
import { suggestPrompts, type PromptSuggestion, type SuggestionSource } from '../suggest';
import { addToLibrary, addToMonitor } from './suggest-add';
import type {
  AddTarget,
  AddedSuggestion,
  DismissedSuggestion,
  SuggestOptions,
  SuggestionsView,
} from './suggest-types';
import { gatherQueries, trackedPrompts } from './suggest-sources';
import { trafficView, type TrafficView } from './traffic';

// First-party outcomes over one history: imports, what is stored, the referred traffic per
// engine, page and week, and the prompts worth tracking. The same for the CLI and the app.

const DAY_MS = 86_400_000;

export interface OutcomesServiceDeps {
  store: HistoryStore;
  now: () => number;
}

export interface OutcomesStatus {
  /** The referrer catalogue's date (YYYY-MM-DD). */
  catalogueDate: string;
  holdings: Array<Omit<OutcomeHolding, 'fromDay' | 'toDay'> & { from: string | null; to: string | null }>;
  connections: OutcomeConnection[];
}

export interface OutcomesService {
  importFile(input: ImportInput): Promise<ImportReport>;
  status(): OutcomesStatus;
  /** Referred sessions and key events per engine, landing page and week, over the last `days` (all: none). */
  traffic(options?: { days?: number; site?: string }): TrafficView;
  suggestPrompts(options?: SuggestOptions): SuggestionsView;
  /** Adds a suggestion (by id) to the library or a monitor; throws OutcomesServiceError when unknown. */
  addSuggestion(id: string, target: AddTarget): AddedSuggestion;
  /** Leaves a suggestion (by id) out from now on; throws OutcomesServiceError when unknown. */
  dismissSuggestion(id: string): DismissedSuggestion;
  /** Lets a dismissed suggestion come back; false when it was not dismissed. */
  restoreSuggestion(id: string): boolean;
}

export class OutcomesServiceError extends Error {
  override readonly name = 'OutcomesServiceError';
  /** What was not found: the suggestion or the monitor named; null for other errors. */
  constructor(
    message: string,
    readonly missing: 'suggestion' | 'monitor' | null = null,
  ) {
    super(message);
  }
}

export const SUGGESTION_NOTES = [
  'Impressions are Search Console\u2019s: a proxy for how often people search it, never a volume.',
  'Citations are Bing\u2019s count of answers grounded on the site\u2019s pages for the query.',
  'Answers count the answers in this history whose engine ran the query while answering (fan-out).',
];

function countBySource(list: readonly PromptSuggestion[]): Record<SuggestionSource, number> {
  const counts = { gsc: 0, bing: 0, fanout: 0 };
  for (const s of list) for (const source of s.sources) counts[source] += 1;
  return counts;
}

export function createOutcomesService(deps: OutcomesServiceDeps): OutcomesService {
  const { store, now } = deps;
  const today = (): number => Math.floor(now() / DAY_MS);
  const fromDayOf = (days?: number): number => (days === undefined ? 0 : today() - days + 1);
  const candidates = (days?: number): PromptSuggestion[] =>
    suggestPrompts(gatherQueries(store, fromDayOf(days), today()), trackedPrompts(store));
  const find = (id: string): PromptSuggestion => {
    const suggestion = candidates().find((s) => s.id === id);
    if (!suggestion)
      throw new OutcomesServiceError(
        `No suggestion ${id}: run \`parallax prompts suggest\` for the current ids.`,
        'suggestion',
      );
    return suggestion;
  };
  return {
    importFile: (input) => importOutcomeFile(store, input),
    status: () => ({
      catalogueDate: REFERRER_CATALOGUE.date,
      holdings: store.outcomeHoldings().map(({ fromDay, toDay, ...h }) => ({
        ...h,
        from: fromDay === 0 ? null : isoOfDay(fromDay),
        to: toDay === 0 ? null : isoOfDay(toDay),
      })),
      connections: store.outcomeConnections(),
    }),
    traffic: (options = {}) =>
      trafficView(
        store.outcomeTraffic({
          fromDay: fromDayOf(options.days),
          ...(options.site !== undefined ? { site: options.site } : {}),
        }),
      ),
    suggestPrompts(options = {}) {
      const dismissed = new Set(store.suggestionDismissals().map((d) => d.id));
      const all = candidates(options.days);
      const open = all.filter((s) => !dismissed.has(s.id));
      const { source } = options;
      const shown = source === undefined ? open : open.filter((s) => s.sources.includes(source));
      return {
        suggestions: shown.slice(0, options.limit ?? 25),
        total: shown.length,
        bySource: countBySource(open),
        // Only those that would be suggested now: a dismissed one since tracked is not counted.
        dismissed: all.length - open.length,
        notes: SUGGESTION_NOTES,
      };
    },
    addSuggestion(id, target) {
      const suggestion = find(id);
      if ('library' in target) return addToLibrary(store, suggestion, target.topics ?? []);
      const added = addToMonitor(store, suggestion, target.monitorId);
      if (!added)
        throw new OutcomesServiceError(
          `No monitor ${target.monitorId}: see \`parallax monitors list\`.`,
          'monitor',
        );
      return added;
    },
    dismissSuggestion(id) {
      const suggestion = find(id);
      const had = store.suggestionDismissals().some((d) => d.id === id);
      store.dismissSuggestion(id, suggestion.text);
      return { id, text: suggestion.text, dismissed: !had };
    },
    restoreSuggestion: (id) => store.restoreSuggestion(id),
  };
}
