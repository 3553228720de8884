import type { BrandView } from '../../shared/ipc/channels/library';
import { AppError } from '../errors/app-error';
import type { HistoryStore } from '../store';
import type { VisibilityService } from '../visibility';
import { collectEvidence } from './evidence';
import type { ClientReport, ReportMonitor, ReportRequest } from './types';

// Reads a client report's data for one monitor and period through the visibility service
// (scope = the monitor), so every number equals the Visibility view's for the same filter.

/** Rows kept in the ranked sections (sources, gaps, own pages). */
export const REPORT_TOP = 15;
const DAY_MS = 86_400_000;

/** Alerts listed in a report (the total raised in the period is shown beside them). */
export const REPORT_ALERTS = 200;

export interface CollectReportDeps {
  store: Pick<HistoryStore, 'getMonitor' | 'listBrands' | 'listRuns' | 'getResults' | 'listAlerts'>;
  visibility: VisibilityService;
  now: () => number;
}

function monitorOf(store: CollectReportDeps['store'], id: string): ReportMonitor {
  const m = store.getMonitor(id);
  if (!m) throw new AppError('SCOPE_NOT_FOUND', `No monitor ${id}`);
  return {
    id: m.id,
    name: m.name,
    cadence: m.cadence,
    engines: [...m.spec.engines],
    locations: [...(m.spec.countries ?? []), ...(m.spec.states ?? []).map((s) => `US-${s}`)],
    prompts: m.spec.prompts.length,
    repeats: m.spec.repeats ?? 1,
  };
}

function focusOf(brands: BrandView[], brandId: string | null): BrandView | null {
  return brandId === null ? null : (brands.find((b) => b.id === brandId) ?? null);
}

/** Everything a client report shows, for one monitor and period. */
export function collectReport(deps: CollectReportDeps, request: ReportRequest): ClientReport {
  const { visibility } = deps;
  const monitor = monitorOf(deps.store, request.monitorId);
  const base = {
    scope: { kind: 'monitor' as const, id: monitor.id },
    period: request.period,
    ...(request.brandId !== undefined ? { brandId: request.brandId } : {}),
  };
  const overview = visibility.overview(base);
  const brands = deps.store.listBrands();
  const focus = focusOf(brands, overview.focusBrandId);
  const fromMs = Date.parse(`${overview.period.from}T00:00:00Z`);
  const toMs = Date.parse(`${overview.period.to}T00:00:00Z`) + DAY_MS - 1;
  // The latest runs say whether the answers are synthetic (a monitor runs on one connection).
  const runs = deps.store.listRuns({ monitorId: monitor.id, from: fromMs, to: toMs, limit: 100 });
  const trend = visibility.buckets({ ...base, by: ['day'] });
  const heatmap = visibility.buckets({ ...base, by: ['location', 'engine'] });
  const sources = visibility.sources({ ...base, limit: REPORT_TOP });
  const gaps = focus ? visibility.gaps({ ...base, limit: REPORT_TOP }) : null;
  const ownUrls = focus ? visibility.urls({ ...base, limit: REPORT_TOP }) : null;
  const alerts = deps.store.listAlerts({
    monitorId: monitor.id,
    since: fromMs,
    until: toMs + 1,
    limit: REPORT_ALERTS,
  });
  const evidence =
    overview.answers > 0
      ? collectEvidence(
          { visibility, getResults: (ids) => deps.store.getResults(ids) },
          base,
          focus,
          brands,
          (gaps?.gaps ?? []).map((g) => g.domain),
        )
      : [];
  return {
    title: `Client report: ${monitor.name}`,
    generatedAt: deps.now(),
    monitor,
    period: overview.period,
    synthetic: runs.runs.some((r) => r.sandbox) || evidence.some((e) => e.answers.some((a) => a.sandbox)),
    runs: runs.total,
    answers: overview.answers,
    previousAnswers: overview.previousAnswers,
    focus: overview.brands.find((b) => b.id === overview.focusBrandId) ?? null,
    brands: overview.brands,
    kpis: overview.kpis,
    leaderboard: overview.leaderboard,
    trend,
    heatmap,
    sources,
    gaps,
    ownUrls,
    alerts: alerts.alerts,
    alertsTotal: alerts.total,
    evidence,
    empty: overview.empty,
    partial: overview.reanalysis ?? null,
  };
}
