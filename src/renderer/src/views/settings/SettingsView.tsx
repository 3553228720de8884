import { useState } from 'react';
import { PLAN_NAMES, PLAN_SLOTS, type PlanName } from '../../../../shared/api/engines';
import type { InvokeInput } from '../../../../shared/ipc/contract';
import { call } from '../../ipc/client';
import { toShownError, type ShownError } from '../../lib/errors';
import { plural } from '../../lib/format';
import { notifySaved } from '../../lib/saved-file';
import { useAppStore } from '../../stores/app-store';
import { useToastStore } from '../../stores/toast-store';
import { ConfirmButton } from '../../components/ConfirmButton';
import { ErrorState, Loading } from '../../components/StatusStates';
import { AnalysisExportPanel } from './AnalysisExportPanel';
import { DemoPanel } from './DemoPanel';
import { KeyForm } from './KeyForm';
import { ServiceProfilePanel } from './ServiceProfilePanel';
import { McpPanel } from './McpPanel';
import { PositioningJudgePanel } from './PositioningJudgePanel';
import { StoragePanel } from './StoragePanel';
import { TeamPanel } from './TeamPanel';
import { SyncWindowPanel } from './SyncWindowPanel';
import { FunnelSharingPanel } from './FunnelSharingPanel';

export function SettingsView() {
  const { settings, key, info, updateSettings, setKeyStatus } = useAppStore();
  const push = useToastStore((s) => s.push);
  const [error, setError] = useState<ShownError | null>(null);
  const [baseUrl, setBaseUrl] = useState<string | null>(null);

  if (!settings || !key) return <Loading />;

  const save = async (patch: InvokeInput<'settings.update'>): Promise<void> => {
    setError(null);
    try {
      await updateSettings(patch);
    } catch (err) {
      setError(toShownError(err));
    }
  };
  const guard = async (fn: () => Promise<void>): Promise<void> => {
    setError(null);
    try {
      await fn();
    } catch (err) {
      setError(toShownError(err));
    }
  };

  const baseUrlValue = baseUrl ?? settings.baseUrl ?? '';

  return (
    <section aria-labelledby="settings-heading" className="view aligned-form">
      <h1 id="settings-heading">Settings</h1>
      {error && <ErrorState error={error} />}

      <div className="panel">
        <h2>API key</h2>
        <dl className="facts">
          <dt>Key</dt>
          <dd data-testid="key-masked">{key.configured ? key.masked : 'Not set'}</dd>
          <dt>State</dt>
          <dd>{key.state}</dd>
          <dt>Stored in</dt>
          <dd>
            {key.backend.label}
            {key.backend.warning && <span className="warning"> — {key.backend.warning}</span>}
          </dd>
          <dt>Balance</dt>
          <dd>{key.balance ? plural(key.balance.remaining, 'credit') : '—'}</dd>
          {key.plan && (
            <>
              <dt>Plan (service)</dt>
              <dd>{key.plan}</dd>
            </>
          )}
        </dl>
        {key.error && <p className="error">{key.error}</p>}
        <h3>{key.configured ? 'Replace key' : 'Set key'}</h3>
        <KeyForm onSaved={() => push('success', 'Key saved')} />
        {/* Under the key's field, where Save key starts, not at the panel's edge. */}
        <div className="row aligned-start">
          <button
            type="button"
            onClick={() => void guard(async () => setKeyStatus(await call('key.status', { refresh: true })))}
          >
            Check key and balance
          </button>
          {key.configured && (
            <ConfirmButton
              label="Delete key"
              warning="The key is removed from this computer's keychain. Stored history stays."
              confirmLabel="Delete the key"
              onConfirm={() => guard(async () => setKeyStatus(await call('key.delete', {})))}
            />
          )}
        </div>
      </div>

      <div className="panel">
        <h2>Service</h2>
        <label className="inline">
          <input
            type="checkbox"
            checked={settings.sandboxMode}
            onChange={(e) => void save({ sandboxMode: e.target.checked })}
          />
          Sandbox mode (synthetic answers, no credits spent)
        </label>
        <label>
          Plan
          <select value={settings.plan} onChange={(e) => void save({ plan: e.target.value as PlanName })}>
            {PLAN_NAMES.map((p) => (
              <option key={p} value={p}>
                {p} ({plural(PLAN_SLOTS[p], 'slot')})
              </option>
            ))}
          </select>
        </label>
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault();
            void save({ baseUrl: baseUrlValue.trim() === '' ? null : baseUrlValue.trim() }).then(() =>
              setBaseUrl(null),
            );
          }}
        >
          <label>
            Base URL
            <input
              type="url"
              value={baseUrlValue}
              placeholder="Default service URL"
              onChange={(e) => setBaseUrl(e.target.value)}
            />
          </label>
          <button type="submit">Save base URL</button>
        </form>
        <label>
          Budget cap per run (credits)
          <input
            type="number"
            min={1}
            value={settings.budgetCap ?? ''}
            onChange={(e) => void save({ budgetCap: e.target.value === '' ? null : Number(e.target.value) })}
          />
        </label>
        <label>
          Retries per job
          <input
            type="number"
            min={0}
            max={10}
            value={settings.maxRetries}
            onChange={(e) => void save({ maxRetries: Number(e.target.value) })}
          />
        </label>
      </div>

      <div className="panel">
        <h2>Appearance</h2>
        <label>
          Theme
          <select
            value={settings.theme}
            onChange={(e) => void save({ theme: e.target.value as 'system' | 'light' | 'dark' })}
          >
            <option value="system">System</option>
            <option value="light">Light</option>
            <option value="dark">Dark</option>
          </select>
        </label>
      </div>

      <div className="panel">
        <h2>Data</h2>
        <dl className="facts">
          <dt>Data folder</dt>
          <dd>
            <code>{settings.dataFolder || info?.dataPath}</code>
          </dd>
        </dl>
        <button
          type="button"
          onClick={() =>
            void guard(async () => {
              const { path } = await call('db.backup', {});
              if (path) notifySaved('Backup saved', path);
            })
          }
        >
          Back up database
        </button>
        <AnalysisExportPanel />
      </div>

      <TeamPanel />
      <SyncWindowPanel settings={settings} save={save} />
      <FunnelSharingPanel />
      <StoragePanel />

      <McpPanel settings={settings} save={save} />

      <PositioningJudgePanel />

      <ServiceProfilePanel />

      <DemoPanel />
    </section>
  );
}
