import { formatDateTime, plural } from '../../lib/format';
import { reloadBrandsIfLoaded } from '../../stores/brands-reload';
import { useDemoStore } from '../../stores/demo-store';
import { useToastStore } from '../../stores/toast-store';
import { ConfirmButton } from '../../components/ConfirmButton';
import { DemoLoader } from './DemoLoader';

/** Settings' demo history: what is loaded, loading one, deleting it. */
export function DemoPanel() {
  const { status, building, remove } = useDemoStore();
  const push = useToastStore((s) => s.push);

  const deleteDemo = async (): Promise<void> => {
    const deleted = await remove();
    if (!deleted) return;
    void reloadBrandsIfLoaded();
    push(
      'success',
      `Demo history deleted: ${plural(deleted.runs, 'run')}, ${plural(deleted.monitors, 'monitor')}, ${plural(deleted.brands, 'brand')}.`,
    );
  };

  return (
    <div className="panel">
      <h2>Demo history</h2>
      <p className="muted">
        A synthetic history built by the sandbox (focus brand Veloxa and five competitors, several countries
        and two engines), to see Visibility and Over time at work. It is labelled synthetic everywhere and can
        be deleted without touching your own runs.
      </p>
      <dl className="facts" data-testid="demo-status">
        <dt>Demo history</dt>
        <dd>
          {status === null
            ? '…'
            : status.building
              ? 'Being built'
              : status.present
                ? `Loaded: ${plural(status.results, 'answer')} in ${plural(status.runs, 'run')}${
                    status.days !== null ? ` over ${plural(status.days, 'day')}` : ''
                  }`
                : 'None'}
        </dd>
        {status?.present && status.builtAt !== null && (
          <>
            <dt>Built</dt>
            <dd>{formatDateTime(status.builtAt)}</dd>
          </>
        )}
      </dl>
      <DemoLoader />
      {status?.present && (
        <div className="row">
          <ConfirmButton
            label="Delete the demo history"
            warning="Every demo run, monitor and brand is deleted from this history. Your own runs stay."
            confirmLabel="Delete demo runs, monitors and brands"
            disabled={building || status.building}
            onConfirm={deleteDemo}
          />
        </div>
      )}
    </div>
  );
}
