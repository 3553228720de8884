import { useEffect, useState } from 'react';
import { toShownError, type ShownError } from '../../lib/errors';
import { plural } from '../../lib/format';
import { reloadBrandsIfLoaded } from '../../stores/brands-reload';
import { DEMO_DAYS, useDemoStore, type DemoProgress } from '../../stores/demo-store';
import { useNavStore } from '../../stores/nav-store';
import { useToastStore } from '../../stores/toast-store';
import { ErrorState } from '../../components/StatusStates';
import { SyntheticBadge } from '../../components/SyntheticBadge';
import { PREVIEW_PROFILE_NAME } from '../../../../shared/profile/builtin-ids';

interface Props {
  /** Runs before the app opens the demo on Visibility (first run turns the sandbox on). */
  beforeOpen?: () => Promise<void>;
}

/**
 * "Load a demo history": a choice of days, the build's progress with Cancel, and when it is
 * complete the Visibility view. When the history already holds a demo, it offers to open it.
 */
export function DemoLoader({ beforeOpen }: Props) {
  const { status, days, building, progress, lastBuild, error, setDays, refresh, load, cancel } =
    useDemoStore();
  const { preview, setPreview } = useDemoStore();
  const go = useNavStore((s) => s.go);
  const push = useToastStore((s) => s.push);
  const [canceling, setCanceling] = useState(false);
  const [openError, setOpenError] = useState<ShownError | null>(null);

  useEffect(() => {
    if (status === null) void refresh();
  }, [status, refresh]);

  const open = async (): Promise<void> => {
    setOpenError(null);
    try {
      await beforeOpen?.();
      go('visibility');
    } catch (err) {
      setOpenError(toShownError(err));
    }
  };

  const start = async (): Promise<void> => {
    setCanceling(false);
    const startedOn = useNavStore.getState().view;
    const build = await load();
    if (!build) return;
    // The demo adds its brands: highlighting everywhere should know them.
    void reloadBrandsIfLoaded();
    if (build.canceled) return;
    push(
      'success',
      `Demo history loaded: ${plural(build.results, 'synthetic answer')} over ${plural(build.days, 'day')}.`,
    );
    // Land on Visibility unless the analyst went elsewhere while it was being built.
    if (useNavStore.getState().view === startedOn) await open();
  };

  const present = status?.present === true;
  return (
    <div className="demo-loader" role="group" aria-label="Demo history">
      {building && progress ? (
        <BuildProgress
          progress={progress}
          canceling={canceling}
          onCancel={() => {
            setCanceling(true);
            void cancel();
          }}
        />
      ) : status?.building ? (
        // A build this window did not start (the window was reloaded while it ran).
        <div className="row">
          <span>A demo history is being built.</span>
          <button type="button" onClick={() => void cancel().then(refresh)}>
            Cancel
          </button>
          <button type="button" className="small" onClick={() => void refresh()}>
            Check again
          </button>
        </div>
      ) : present ? (
        <div className="row">
          <SyntheticBadge />
          <span>
            A demo history is loaded
            {status.days !== null
              ? ` (${plural(status.days, 'day')}, ${plural(status.results, 'answer')})`
              : ''}
            .
          </span>
          {status.variant === 'preview' && <PreviewNote />}
          <button type="button" onClick={() => void open()}>
            Open the demo history
          </button>
        </div>
      ) : (
        <div className="row">
          <fieldset className="inline-fieldset">
            <legend>Days of history</legend>
            {DEMO_DAYS.map((d) => (
              <label key={d} className="inline">
                <input type="radio" name="demo-days" checked={days === d} onChange={() => setDays(d)} />
                {d} days
              </label>
            ))}
          </fieldset>
          <label className="inline" title={`A preview: ${PREVIEW_TEXT}`}>
            <input type="checkbox" checked={preview} onChange={(e) => setPreview(e.target.checked)} />
            Every engine ({PREVIEW_PROFILE_NAME})
          </label>
          <button type="button" onClick={() => void start()}>
            Load a demo history
          </button>
          <SyntheticBadge />
        </div>
      )}
      {!building && lastBuild?.canceled && (
        <p className="muted">
          Canceled: the {plural(lastBuild.results, 'answer')} built so far are kept, labelled synthetic;
          delete them in Settings.
        </p>
      )}
      {error && <ErrorState error={error} />}
      {openError && <ErrorState error={openError} />}
    </div>
  );
}

const PREVIEW_TEXT =
  'the demo asks every engine, including those the spec still lists as coming soon, which only the sandbox answers today.';

/** Said wherever the preview demo shows: most of its engines are not served yet. */
function PreviewNote() {
  return (
    <span className="muted" data-testid="demo-preview-note">
      {PREVIEW_PROFILE_NAME}: {PREVIEW_TEXT}
    </span>
  );
}

function BuildProgress({
  progress,
  canceling,
  onCancel,
}: {
  progress: DemoProgress;
  canceling: boolean;
  onCancel(): void;
}) {
  return (
    <div className="demo-progress">
      <progress aria-label="Demo history progress" max={progress.days} value={progress.day} />
      <p data-testid="demo-progress-text">
        Building day {progress.day} of {progress.days} · {plural(progress.runs, 'run')} ·{' '}
        {plural(progress.results, 'answer')}
        {progress.message ? ` · ${progress.message}` : ''}
      </p>
      <button type="button" disabled={canceling} onClick={onCancel}>
        {canceling ? 'Canceling…' : 'Cancel'}
      </button>
    </div>
  );
}
