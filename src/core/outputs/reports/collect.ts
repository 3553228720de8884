import { withLabels } from '../../../shared/alerts/registry';
import { ALERT_KINDS } from '../../../shared/alerts/types';
import type { BrandView } from '../../../shared/ipc/channels/library';
import type { EngineLabels } from '../../../shared/narrative/places';
import { AppError } from '../../platform';
import type { HistoryStore } from '../../history';
import type { VisibilityService } from '../../analysis';
import { factsFigures } from '../../../shared/facts';
import { collectEvidence } from './evidence';
import { focusFirst, kpiFindings, type FindingsSource } from './findings';
import { questionGroups } from './questions';
import { daysAreThin } from './series';
import type {
  ClientReport,
  CommerceSource,
  PositioningSource,
  ReportLook,
  ReportMonitor,
  ReportRequest,
} from './types';

// Reads a client report's data for one monitor and period through the visibility service
// (scope = the monitor), so every number equals the Visibility view's for the same filter.

/** Rows kept in the ranked sections (sources, gaps, own pages). */
export const REPORT_TOP = 15;
const DAY_MS = 86_400_000;

/** Alerts listed in the XLSX (the HTML shows the first REPORT_ALERTS_SHOWN; totals per kind beside). */
export const REPORT_ALERTS = 1000;
export const REPORT_ALERTS_SHOWN = 25;
/** Runs whose changes the HTML lists (newest first). */
export const REPORT_DIGESTS = 8;

export const DEFAULT_SUBJECT = 'Visibility in AI answers';
export const DEFAULT_ACCENT = '#2456c9';

export interface CollectReportDeps {
  store: Pick<
    HistoryStore,
    | 'getMonitor'
    | 'listBrands'
    | 'listRuns'
    | 'getResults'
    | 'listAlerts'
    | 'listAlertDigests'
    | 'getMonitorOptions'
    | 'factAddressedRows'
    | 'factNotAddressedCounts'
    | 'factNotChecked'
    | 'factSourceRows'
  >;
  visibility: VisibilityService;
  now: () => number;
  /** The period's findings (default: the significant KPI changes). */
  findings?: FindingsSource;
  /** Engine labels of the service profile in use (default: the spec's). */
  labels?: EngineLabels;
  /** The positioning section's numbers (the section is left out without one). */
  positioning?: PositioningSource;
  /** The products and ads section's numbers (the section is left out without one). */
  commerce?: CommerceSource;
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
    // Prompts carry no topic yet: every question sits in the monitor's one group.
    questions: m.spec.prompts.map((text) => ({ text, topic: null })),
  };
}

function focusOf(brands: BrandView[], brandId: string | null): BrandView | null {
  return brandId === null ? null : (brands.find((b) => b.id === brandId) ?? null);
}

/** The monitor's branding, with defaults a client reads (never the internal monitor name). */
function lookOf(store: CollectReportDeps['store'], monitorId: string, focus: BrandView | null): ReportLook {
  const b = store.getMonitorOptions(monitorId)?.branding;
  return {
    clientName: b?.clientName ?? focus?.name ?? 'Your brand',
    subject: b?.reportSubject ?? DEFAULT_SUBJECT,
    logo: b?.logo ?? null,
    accent: b?.accent ?? DEFAULT_ACCENT,
    unset: [...(b?.clientName ? [] : (['clientName'] as const)), ...(b?.logo ? [] : (['logo'] as const))],
  };
}

/** Everything a client report shows, for one monitor and period. */
export function collectReport(deps: CollectReportDeps, request: ReportRequest): ClientReport {
  const { visibility } = deps;
  const labels = deps.labels ?? {};
  const monitor = monitorOf(deps.store, request.monitorId);
  const base = {
    scope: { kind: 'monitor' as const, id: monitor.id },
    period: request.period,
    ...(request.brandId !== undefined ? { brandId: request.brandId } : {}),
  };
  const overview = visibility.overview(base);
  const brands = deps.store.listBrands();
  const focus = focusOf(brands, overview.focusBrandId);
  const look = lookOf(deps.store, monitor.id, focus);
  const fromMs = Date.parse(`${overview.period.from}T00:00:00Z`);
  const toMs = Date.parse(`${overview.period.to}T00:00:00Z`) + DAY_MS - 1;
  // The latest runs say whether the answers are synthetic (a monitor runs on one connection).
  const runs = deps.store.listRuns({ monitorId: monitor.id, from: fromMs, to: toMs, limit: 100 });
  const trend = visibility.buckets({ ...base, by: ['day'] });
  const trendByWeek = daysAreThin(trend)
    ? visibility.buckets({ ...base, by: ['day'], grain: 'week' })
    : undefined;
  const heatmap = visibility.buckets({ ...base, by: ['location', 'engine'] });
  const byEngine = visibility.buckets({ ...base, by: ['engine'] });
  const sources = visibility.sources({ ...base, limit: REPORT_TOP });
  // The gaps as `parallax sources --gaps` and the app list them (one definition, the analysis room's).
  const gaps = focus ? visibility.gaps({ ...base, limit: REPORT_TOP }) : null;
  const ownUrls = focus ? visibility.urls({ ...base, limit: REPORT_TOP }) : null;
  const alertFilter = { monitorId: monitor.id, since: fromMs, until: toMs + 1 };
  const alerts = deps.store.listAlerts({ ...alertFilter, limit: REPORT_ALERTS });
  const alertKinds = ALERT_KINDS.map((kind) => ({
    kind,
    count: deps.store.listAlerts({ ...alertFilter, kinds: [kind], limit: 1 }).total,
  })).filter((k) => k.count > 0);
  const digests = deps.store
    .listAlertDigests({ ...alertFilter, limit: REPORT_DIGESTS, perDigest: 10 })
    .digests.map((d) => ({ ...d, alerts: withLabels(d.alerts, labels) }));
  // Whole-monitor (pooled) changes first, then per prompt × engine × location, newest first.
  const listed = withLabels(alerts.alerts, labels).sort(
    (a, b) => Number(b.scope === 'monitor') - Number(a.scope === 'monitor') || b.createdAt - a.createdAt,
  );
  // The findings' totals come from the gaps view: the evidence only looks for the latest answers.
  const evidence =
    overview.answers > 0 && gaps
      ? collectEvidence(
          { visibility, getResults: (ids) => deps.store.getResults(ids) },
          base,
          overview.period,
          focus,
          brands,
          [
            { kind: 'missing', domain: null, total: gaps.gapAnswers },
            ...gaps.gaps.map((g) => ({
              kind: 'gap-domain' as const,
              domain: g.domain,
              total: g.gapAnswers.k,
            })),
          ],
        )
      : [];
  const findings =
    overview.answers > 0
      ? focusFirst((deps.findings ?? kpiFindings(visibility))(base.scope, request.period), focus?.id ?? null)
      : [];
  const positioning = overview.answers > 0 && deps.positioning ? deps.positioning(base) : null;
  const commerce =
    overview.answers > 0 && deps.commerce
      ? deps.commerce({ scope: base.scope, period: base.period }, overview.focusBrandId)
      : null;
  return {
    title: `${look.clientName} · ${look.subject}`,
    look,
    labels,
    findings,
    generatedAt: deps.now(),
    monitor,
    questions: questionGroups(monitor.questions),
    positioning,
    commerce,
    facts:
      overview.answers > 0
        ? factsFigures(
            deps.store.factAddressedRows(fromMs),
            deps.store.factSourceRows(fromMs),
            new Map(brands.map((b) => [b.id, b.name])),
            null,
            deps.store.factNotAddressedCounts(fromMs),
            deps.store.factNotChecked(fromMs),
          )
        : null,
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
    ...(trendByWeek ? { trendByWeek } : {}),
    heatmap,
    byEngine,
    sources,
    gaps,
    ownUrls,
    alerts: listed,
    alertsTotal: alerts.total,
    alertKinds,
    digests,
    evidence,
    empty: overview.empty,
    partial: overview.reanalysis ?? null,
  };
}
