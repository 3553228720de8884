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
      <p className="first-run-pitch">
        See how AI answer engines present your brand: how often they name it, in which place, next to which
        competitors and citing which pages, per engine and country and over time, with the statistics that
        tell a real change from noise.
      </p>
      <ul className="first-run-points">
        <li>
          <strong>Visibility</strong>: mention rate, position and share of voice against your competitors.
        </li>
        <li>
          <strong>Compare</strong>: the answers themselves side by side, with the sources they cite.
        </li>
        <li>
          <strong>Alerts</strong>: what changed since the last run, in plain words.
        </li>
      </ul>
      {!connecting ? (
        <>
          <div className="first-run-choices">
            <button type="button" className="primary" onClick={() => setConnecting(true)}>
              Connect my API key
            </button>
            <button type="button" onClick={() => void trySandbox()}>
              Try the sandbox
            </button>
          </div>
          <p className="muted small">
            Your API key (it starts with <code>sk_</code>) is on the keys page of the answer monitoring
            service’s dashboard. The sandbox answers with synthetic data and spends no credits; it stays
            labelled as such.
          </p>
          <div className="first-run-demo">
            <p>Or look around a ready-made synthetic history, to see Visibility and Over time at work:</p>
            <DemoLoader beforeOpen={enterSandboxIfNoKey} />
          </div>
        </>
      ) : (
        <div>
          <p className="muted">
            Create or copy a key on the keys page of the answer monitoring service’s dashboard, then paste it
            here. It is kept in this computer’s keychain, never in a file.
          </p>
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
