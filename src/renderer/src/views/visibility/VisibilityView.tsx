import { useEffect } from 'react';
import type { RunStatus } from '../../../../shared/domain/run-spec';
import { subscribe } from '../../ipc/client';
import { ErrorState } from '../../components/StatusStates';
import { formatDateRange, plural } from '../../lib/format';
import { useCatalogStore } from '../../stores/catalog-store';
import { useVisibilityStore } from '../../stores/visibility-store';
import { DemoProgressLine } from './DemoProgressLine';
import { EmptyVisibility } from './EmptyVisibility';
import { FanOutPanel } from './FanOutPanel';
import { GapsPanel } from './GapsPanel';
import { HeatmapPanel } from './HeatmapPanel';
import { KpiCards, KpiSkeleton } from './KpiCards';
import { LeaderboardPanel } from './LeaderboardPanel';
import { OwnUrlsPanel } from './OwnUrlsPanel';
import { Panel } from './Panel';
import { PositioningKpiItems } from './PositioningKpis';
import { PositioningPanel } from './PositioningPanel';
import { PromptsPanel } from './PromptsPanel';
import { ReanalysisLine } from './ReanalysisLine';
import { RescoreLine } from './RescoreLine';
import { SourcesPanel } from './SourcesPanel';
import { TrendPanel } from './TrendPanel';
import { usePositioningData } from './use-positioning-data';
import { VisibilityControls } from './VisibilityControls';
import { WhatChangedCard } from './WhatChangedCard';
import { VisibilityReportButton } from '../reports/VisibilityReportButton';

/** Statuses after which a run's answers are all stored. */
const FINISHED: ReadonlySet<RunStatus> = new Set(['completed', 'failed', 'canceled', 'interrupted']);

/**
 * Reads everything on open, and again when main says stored history changed (brands
 * re-analysed, a demo built or deleted) or a run finishes; follows a re-analysis's progress.
 */
function useVisibilityData(): void {
  const refresh = useVisibilityStore((s) => s.refresh);
  const takePrefetch = useVisibilityStore((s) => s.takePrefetch);
  const loadOptions = useVisibilityStore((s) => s.loadOptions);
  const onReanalysis = useVisibilityStore((s) => s.onReanalysis);
  const catalogLoaded = useCatalogStore((s) => s.countries !== null);
  const loadCatalog = useCatalogStore((s) => s.load);

  useEffect(() => {
    // The panels' reads go first: main answers IPC calls in order, and the pickers' lists
    // (the runs list among them) are not needed to paint the numbers. At window load they
    // started before the view mounted (App's prefetch).
    if (!takePrefetch()) refresh();
    void loadOptions();
  }, [loadOptions, refresh, takePrefetch]);
  useEffect(() => {
    if (!catalogLoaded) void loadCatalog();
  }, [catalogLoaded, loadCatalog]);
  useEffect(() => {
    const finished = new Set<string>();
    const offChanged = subscribe('visibility.changed', () => {
      void loadOptions();
      refresh();
    });
    // Progress only; the end is followed by 'visibility.changed', which reloads.
    const offReanalysis = subscribe('visibility.reanalysis', onReanalysis);
    const offRun = subscribe('run.progress', (p) => {
      if (!FINISHED.has(p.status) || finished.has(p.runId)) return;
      finished.add(p.runId);
      void loadOptions();
      refresh();
    });
    return () => {
      offChanged();
      offRun();
      offReanalysis();
    };
  }, [loadOptions, refresh, onReanalysis]);
}

function OverviewPanels() {
  const state = useVisibilityStore((s) => s.panels.overview);
  const refresh = useVisibilityStore((s) => s.refresh);
  return (
    <>
      <Panel
        id="vis-kpis"
        title="Key numbers"
        state={state}
        onRetry={refresh}
        className="vis-wide"
        skeleton={<KpiSkeleton extra={<PositioningKpiItems placeholder />} />}
      >
        {(o) => {
          const focus = o.brands.find((b) => b.id === o.focusBrandId);
          return o.kpis && focus ? (
            <KpiCards metrics={o.kpis} name={focus.name} extra={<PositioningKpiItems />} />
          ) : (
            <p className="muted">Choose a focus brand.</p>
          );
        }}
      </Panel>
      <LeaderboardPanel />
      <PositioningPanel />
    </>
  );
}

/** Brand visibility over time: the home view. */
export function VisibilityView() {
  useVisibilityData();
  usePositioningData();
  const overview = useVisibilityStore((s) => s.panels.overview.data);
  const drillError = useVisibilityStore((s) => s.drillError);
  const refresh = useVisibilityStore((s) => s.refresh);

  const noAnswers = overview !== null && overview.answers === 0;
  const noFocus = overview !== null && !noAnswers && overview.focusBrandId === null;

  return (
    <section aria-labelledby="visibility-heading" className="view visibility">
      <div className="row vis-title">
        <h1 id="visibility-heading">Visibility</h1>
        {/* Always there (empty at first), so the Refresh button does not jump when it fills. */}
        <p className="muted">
          {overview && (
            <>
              {formatDateRange(overview.period.from, overview.period.to)} (
              {plural(overview.answers, 'answer')}
              ), compared with {formatDateRange(overview.period.previous.from, overview.period.previous.to)} (
              {plural(overview.previousAnswers, 'answer')})
            </>
          )}
        </p>
        <button type="button" className="small" onClick={refresh}>
          Refresh
        </button>
        <VisibilityReportButton />
      </div>
      <VisibilityControls />
      {drillError && <ErrorState error={drillError} />}
      {!noAnswers && <DemoProgressLine />}
      <ReanalysisLine />
      <RescoreLine />
      {noAnswers && <EmptyVisibility reason={overview.empty ?? 'No answers in this period'} need="answers" />}
      {noFocus && (
        <EmptyVisibility
          reason={overview.empty ?? 'No focus brand: add a brand of kind “brand”'}
          need="brand"
        />
      )}
      {!noAnswers && (
        <div className="vis-grid">
          {!noFocus && (
            <>
              <WhatChangedCard />
              <OverviewPanels />
              <TrendPanel />
              <PromptsPanel />
              <HeatmapPanel />
              <GapsPanel />
            </>
          )}
          <SourcesPanel />
          {!noFocus && <OwnUrlsPanel />}
          <FanOutPanel />
        </div>
      )}
    </section>
  );
}
