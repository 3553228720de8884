import { useEffect, useMemo } from 'react';
import { useAppStore } from '../../stores/app-store';
import { useCatalogStore } from '../../stores/catalog-store';
import { draftToSpec, useComposeDraft, useComposeStore } from '../../stores/compose-store';
import { useNavStore } from '../../stores/nav-store';
import { MultiSelect } from '../../components/MultiSelect';
import { ErrorState, Loading } from '../../components/StatusStates';
import { CommerceOptionField } from './CommerceOption';
import { EngineOptionsEditor } from './EngineOptionsEditor';
import { EnginePicker } from './EnginePicker';
import { EstimatePanel } from './EstimatePanel';
import { PromptsField } from './PromptsField';
import { SaveToLibrary } from './SaveToLibrary';

export const ESTIMATE_DEBOUNCE_MS = 350;

export function ComposeView() {
  const catalog = useCatalogStore();
  const loadCatalog = useCatalogStore((s) => s.load);
  const compose = useComposeStore();
  const openRun = useNavStore((s) => s.openRun);
  const budgetCap = useAppStore((s) => s.settings?.budgetCap ?? null);
  const draft = useComposeDraft();
  const specKey = useMemo(() => JSON.stringify(draftToSpec(draft)), [draft]);
  const runEstimate = useComposeStore((s) => s.runEstimate);
  const patch = useComposeStore((s) => s.patch);

  useEffect(() => {
    if (!catalog.engines && !catalog.loading && !catalog.error) void loadCatalog();
  }, [catalog.engines, catalog.loading, catalog.error, loadCatalog]);

  useEffect(() => {
    if (budgetCap !== null && useComposeStore.getState().budget === null) patch({ budget: budgetCap });
  }, [budgetCap, patch]);

  // Live estimate, debounced: recomputed a moment after the last change.
  useEffect(() => {
    const timer = setTimeout(() => void runEstimate(), ESTIMATE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [specKey, runEstimate]);

  const canStart =
    compose.estimate !== null &&
    compose.estimate.blockers.length === 0 &&
    compose.estimate.fieldErrors.length === 0 &&
    !compose.starting &&
    !compose.estimating;

  const start = async (): Promise<void> => {
    const runId = await compose.start();
    if (runId) openRun(runId, 'run');
  };

  return (
    <section aria-labelledby="compose-heading" className="view compose">
      <h1 id="compose-heading">Compose</h1>
      <div className="compose-grid">
        <div className="compose-form panel">
          <label>
            Run name
            <input
              type="text"
              value={compose.name}
              onChange={(e) => patch({ name: e.target.value })}
              placeholder="Optional"
            />
          </label>
          <PromptsField />
          <SaveToLibrary />
          {catalog.error && <ErrorState error={catalog.error} onRetry={() => void loadCatalog()} />}
          {!catalog.engines && !catalog.error && <Loading label="Loading engines and countries…" />}
          {catalog.engines && <EnginePicker engines={catalog.engines} />}
          {compose.engines.map((e) => (
            <EngineOptionsEditor key={e} engine={e} />
          ))}
          <CommerceOptionField />
          <MultiSelect
            label="Countries"
            options={catalog.countryOptions}
            selected={compose.countries}
            onChange={(countries) => patch({ countries })}
          />
          {catalog.countries && (
            <p className="muted small">
              Country list from {catalog.countries.source}
              {catalog.countries.source !== 'service' && (
                <>
                  {' '}
                  <button type="button" className="small" onClick={() => void loadCatalog(true)}>
                    Refresh from service
                  </button>
                </>
              )}
            </p>
          )}
          <MultiSelect
            label="US states"
            options={catalog.stateOptions}
            selected={compose.states}
            onChange={(states) => patch({ states })}
          />
          <div className="row">
            <label>
              Repeats
              <input
                type="number"
                min={1}
                max={50}
                value={compose.repeats}
                onChange={(e) => patch({ repeats: Number(e.target.value) || 1 })}
              />
            </label>
            <fieldset className="inline-fieldset">
              <legend>Mode</legend>
              <label className="inline">
                <input
                  type="radio"
                  name="mode"
                  checked={compose.mode === 'sync'}
                  onChange={() => patch({ mode: 'sync' })}
                />
                Sync
              </label>
              <label className="inline">
                <input
                  type="radio"
                  name="mode"
                  checked={compose.mode === 'async'}
                  onChange={() => patch({ mode: 'async' })}
                />
                Async (queued)
              </label>
            </fieldset>
            {compose.mode === 'async' && (
              <label>
                Priority
                <input
                  type="number"
                  min={1}
                  max={10}
                  value={compose.priority}
                  onChange={(e) => patch({ priority: Number(e.target.value) || 1 })}
                />
              </label>
            )}
            <label>
              Budget cap (credits)
              <input
                type="number"
                min={1}
                value={compose.budget ?? ''}
                placeholder="No cap"
                onChange={(e) => patch({ budget: e.target.value === '' ? null : Number(e.target.value) })}
              />
            </label>
          </div>
          <label>
            Tags (comma separated)
            <input type="text" value={compose.tags} onChange={(e) => patch({ tags: e.target.value })} />
          </label>
        </div>
        <div className="compose-side">
          <EstimatePanel />
          <button type="button" className="primary big" disabled={!canStart} onClick={() => void start()}>
            {compose.starting ? 'Starting…' : 'Start run'}
          </button>
          {compose.startError && <ErrorState error={compose.startError} />}
        </div>
      </div>
    </section>
  );
}
