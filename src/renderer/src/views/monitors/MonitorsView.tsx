import { useEffect, useState } from 'react';
import { toShownError, type ShownError } from '../../lib/errors';
import { useAppStore } from '../../stores/app-store';
import { useMonitorsStore } from '../../stores/monitors-store';
import { Empty, ErrorState, Loading } from '../../components/StatusStates';
import { MonitorForm } from './MonitorForm';
import { MonitorsTable } from './MonitorsTable';

/** Runs that repeat on a cadence while the app is open (and from the CLI's `monitors run`). */
export function MonitorsView() {
  const store = useMonitorsStore();
  const { load } = store;
  const settings = useAppStore((s) => s.settings);
  const updateSettings = useAppStore((s) => s.updateSettings);
  const [adding, setAdding] = useState(false);
  const [pauseError, setPauseError] = useState<ShownError | null>(null);
  /** The switch moves at once; it goes back if settings.update fails. */
  const [pausing, setPausing] = useState<boolean | null>(null);
  const paused = pausing ?? settings?.monitorsPaused ?? false;

  useEffect(() => {
    void load();
  }, [load]);

  const setPaused = async (value: boolean): Promise<void> => {
    setPauseError(null);
    setPausing(value);
    try {
      await updateSettings({ monitorsPaused: value });
    } catch (error) {
      setPauseError(toShownError(error));
    } finally {
      setPausing(null);
    }
  };

  return (
    <section aria-labelledby="monitors-heading" className="view monitors">
      <h1 id="monitors-heading">Monitors</h1>
      <div className="panel row">
        <label className="inline">
          <input
            type="checkbox"
            checked={paused}
            disabled={!settings}
            onChange={(e) => void setPaused(e.target.checked)}
          />
          Pause all monitors
        </label>
        <span className="muted small" role="status">
          {paused
            ? 'Paused: no monitor starts on its own until you resume (Run now still works).'
            : 'Due monitors start while the app is open; missed ones run once when it opens.'}
        </span>
        {pauseError && <ErrorState error={pauseError} />}
      </div>
      {store.error && <ErrorState error={store.error} onRetry={() => void load()} />}
      {store.actionError && <ErrorState error={store.actionError} />}
      <div className="panel">
        <div className="row">
          <h2>Saved monitors</h2>
          <button type="button" aria-expanded={adding} onClick={() => setAdding((a) => !a)}>
            Add monitor from Compose
          </button>
        </div>
        {adding && <MonitorForm onDone={() => setAdding(false)} />}
        {store.monitors === null && !store.error && <Loading />}
        {store.monitors?.length === 0 && (
          <Empty>
            No monitors yet. Compose a run, then add it here to repeat it daily, weekly or on a cron schedule.
          </Empty>
        )}
        {store.monitors && store.monitors.length > 0 && (
          <MonitorsTable monitors={store.monitors} paused={paused} />
        )}
      </div>
    </section>
  );
}
