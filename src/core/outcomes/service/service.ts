import type { HistoryStore, OutcomeConnection, OutcomeHolding } from '../../history';
import { importOutcomeFile, isoOfDay, type ImportInput, type ImportReport } from '../imports';
import { REFERRER_CATALOGUE } from '../referrers';
import { suggestPrompts, type PromptSuggestion } from '../suggest';
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

export interface SuggestionsView {
  suggestions: PromptSuggestion[];
  /** Candidates before the limit. */
  total: number;
  /** How each number reads, in words. */
  notes: string[];
}

export type AddTarget = { library: true } | { monitorId: string };

export interface AddedSuggestion {
  suggestion: PromptSuggestion;
  target: 'library' | 'monitor';
  /** The monitor's name when added to one. */
  monitor: string | null;
  /** False when the prompt was there already. */
  added: boolean;
}

export interface OutcomesService {
  importFile(input: ImportInput): Promise<ImportReport>;
  status(): OutcomesStatus;
  /** Referred sessions and key events per engine, landing page and week, over the last `days` (all: none). */
  traffic(options?: { days?: number; site?: string }): TrafficView;
  suggestPrompts(options?: { limit?: number; days?: number }): SuggestionsView;
  /** Adds a suggestion (by id) to the library or a monitor; throws OutcomesServiceError when unknown. */
  addSuggestion(id: string, target: AddTarget): AddedSuggestion;
}

export class OutcomesServiceError extends Error {
  override readonly name = 'OutcomesServiceError';
}

export const SUGGESTION_NOTES = [
  'Impressions are Search Console\u2019s: a proxy for how often people search it, never a volume.',
  'Citations are Bing\u2019s count of answers grounded on the site\u2019s pages for the query.',
  'Answers count the answers in this history whose engine ran the query while answering (fan-out).',
];

export function createOutcomesService(deps: OutcomesServiceDeps): OutcomesService {
  const { store, now } = deps;
  const today = (): number => Math.floor(now() / DAY_MS);
  const fromDayOf = (days?: number): number => (days === undefined ? 0 : today() - days + 1);
  const suggestions = (days?: number): PromptSuggestion[] =>
    suggestPrompts(gatherQueries(store, fromDayOf(days), today()), trackedPrompts(store));
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
      const all = suggestions(options.days);
      const limit = options.limit ?? 25;
      return { suggestions: all.slice(0, limit), total: all.length, notes: SUGGESTION_NOTES };
    },
    addSuggestion(id, target) {
      const suggestion = suggestions().find((s) => s.id === id);
      if (!suggestion)
        throw new OutcomesServiceError(
          `No suggestion ${id}: run \`parallax prompts suggest\` for the current ids.`,
        );
      if ('library' in target) {
        const had = store.listPrompts().some((p) => p.text === suggestion.text);
        if (!had) store.savePrompt({ text: suggestion.text });
        return { suggestion, target: 'library', monitor: null, added: !had };
      }
      const monitor = store
        .listMonitors()
        .find((m) => m.id === target.monitorId || m.name === target.monitorId);
      if (!monitor)
        throw new OutcomesServiceError(`No monitor ${target.monitorId}: see \`parallax monitors list\`.`);
      const had = monitor.spec.prompts.includes(suggestion.text);
      if (!had) {
        store.saveMonitor({
          id: monitor.id,
          name: monitor.name,
          cadence: monitor.cadence,
          enabled: monitor.enabled,
          nextDueAt: monitor.nextDueAt,
          spec: { ...monitor.spec, prompts: [...monitor.spec.prompts, suggestion.text] },
        });
      }
      return { suggestion, target: 'monitor', monitor: monitor.name, added: !had };
    },
  };
}
