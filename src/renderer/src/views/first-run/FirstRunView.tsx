import { useState } from 'react';
import { toShownError, type ShownError } from '../../lib/errors';
import { useAppStore } from '../../stores/app-store';
import { ErrorState } from '../../components/StatusStates';
import { DemoLoader } from '../settings/DemoLoader';
import { KeyForm } from '../settings/KeyForm';

/** Shown until there is a key or the user chose the sandbox. */
export function FirstRunView() {
  const { connecting, setConnecting, updateSettings } = useAppStore();
  const [error, setError] = useState<ShownError | null>(null);

  // The demo is synthetic: with no key, the app opens on it in sandbox mode.
  const enterSandboxIfNoKey = async (): Promise<void> => {
    if (!useAppStore.getState().key?.configured) await updateSettings({ sandboxMode: true });
  };

  const trySandbox = async (): Promise<void> => {
    try {
      await updateSettings({ sandboxMode: true });
    } catch (err) {
      setError(toShownError(err));
    }
  };

  return (
    <section className="first-run panel" aria-labelledby="first-run-heading">
      <h1 id="first-run-heading">Welcome to Parallax</h1>
      <p>Send prompts to AI answer engines from many countries and compare the answers side by side.</p>
      {!connecting ? (
        <>
          <div className="first-run-choices">
            <button type="button" className="primary" onClick={() => setConnecting(true)}>
              Connect my API key
            </button>
            <button type="button" onClick={() => void trySandbox()}>
              Try the sandbox
            </button>
            <p className="muted">
              The sandbox answers with synthetic data and spends no credits; it stays labelled as such.
            </p>
          </div>
          <div className="first-run-demo">
            <p>Or look around a ready-made synthetic history, to see Visibility and Over time at work:</p>
            <DemoLoader beforeOpen={enterSandboxIfNoKey} />
          </div>
        </>
      ) : (
        <div>
          <KeyForm onSaved={() => setConnecting(false)} />
          <button type="button" className="link-like" onClick={() => setConnecting(false)}>
            Back
          </button>
        </div>
      )}
      {error && <ErrorState error={error} />}
    </section>
  );
}
