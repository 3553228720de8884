import { Fragment, useEffect, useState } from 'react';
import type { WebhookDeliveryView } from '../../../../shared/alerts/types';
import type { MonitorView } from '../../../../shared/ipc/channels/library';
import { call } from '../../ipc/client';
import { formatDateTime } from '../../lib/format';
import { useMonitorsStore } from '../../stores/monitors-store';
import { useNavStore } from '../../stores/nav-store';
import { ActionsTableHead, DeleteRowButton, RowButton } from '../../components/RowActions';
import { ClientReportButton } from '../reports/ClientReportButton';
import { MonitorCommerceSwitches } from './MonitorCommerceSwitches';
import { MonitorOptionsForm } from './MonitorOptionsForm';
import { MonitorTopicsForm } from './MonitorTopicsForm';
import { webhookStateText } from './webhook-state';

function cadenceLabel(cadence: string): string {
  return cadence === 'daily' ? 'Daily' : cadence === 'weekly' ? 'Weekly' : `Cron ${cadence} (UTC)`;
}

/** Every monitor with its schedule and last run; run one now, pause one, delete one. */
export function MonitorsTable({ monitors, paused }: { monitors: MonitorView[]; paused: boolean }) {
  const { setEnabled, remove, runNow, starting } = useMonitorsStore();
  const openRun = useNavStore((s) => s.openRun);
  /** The monitor whose alert options are open under its row. */
  const [optionsOf, setOptionsOf] = useState<string | null>(null);
  const [webhooks, setWebhooks] = useState<Record<string, WebhookDeliveryView>>({});

  // Each monitor's last webhook delivery, read again when the list or the open form changes.
  useEffect(() => {
    let live = true;
    call('alerts.webhookStates', {})
      .then((states) => live && setWebhooks(states))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [monitors, optionsOf]);

  const start = async (id: string): Promise<void> => {
    const runId = await runNow(id);
    if (runId) openRun(runId, 'run');
  };

  return (
    <table className="table" aria-label="Monitors">
      <ActionsTableHead columns={['Name', 'Cadence', 'Enabled', 'Next due', 'Last run']} />
      <tbody>
        {monitors.map((m) => (
          <Fragment key={m.id}>
            <tr>
              <td className="monitor-name-cell">
                <span className="monitor-name">{m.name}</span>
                <div className="muted small">
                  {m.spec.prompts.length} prompt{m.spec.prompts.length === 1 ? '' : 's'} ·{' '}
                  {[...m.spec.countries, ...m.spec.states.map((s) => `US-${s}`)].join(' ')}
                </div>
                <MonitorCommerceSwitches monitor={m} />
                {webhooks[m.id] && (
                  <div className={`small webhook-state webhook-${webhooks[m.id]?.state}`}>
                    Webhook: {webhookStateText(webhooks[m.id])}
                  </div>
                )}
              </td>
              <td>{cadenceLabel(m.cadence)}</td>
              <td>
                <input
                  type="checkbox"
                  aria-label={`Enabled: ${m.name}`}
                  checked={m.enabled}
                  onChange={(e) => void setEnabled(m, e.target.checked)}
                />
              </td>
              <td className="nowrap">
                {!m.enabled ? (
                  <span className="muted">off</span>
                ) : (
                  <>
                    {formatDateTime(m.nextDueAt)}
                    {paused && (
                      <>
                        {' '}
                        <span className="badge badge-soon">paused</span>
                      </>
                    )}
                  </>
                )}
              </td>
              <td>
                {m.lastRunId ? (
                  <div className="row tight">
                    <span className="nowrap">{formatDateTime(m.lastRunAt)}</span>
                    <button
                      type="button"
                      className="link-button"
                      aria-label={`Open last run of ${m.name} on the Run board`}
                      onClick={() => openRun(m.lastRunId ?? '', 'run')}
                    >
                      Run board
                    </button>
                    <button
                      type="button"
                      className="link-button"
                      aria-label={`Open last run of ${m.name} in Compare`}
                      onClick={() => openRun(m.lastRunId ?? '', 'compare')}
                    >
                      Compare
                    </button>
                  </div>
                ) : (
                  <span className="muted">Not run yet</span>
                )}
              </td>
              <td>
                <div className="row actions">
                  <RowButton
                    label={`Run now: ${m.name}`}
                    disabled={starting !== null}
                    onClick={() => void start(m.id)}
                  >
                    {starting === m.id ? 'Starting…' : 'Run now'}
                  </RowButton>
                  <RowButton
                    // The name starts with the visible text, as speech input users say it.
                    label={`${optionsOf === m.id ? 'Close alerts' : 'Alerts…'} of ${m.name}`}
                    onClick={() => setOptionsOf((open) => (open === m.id ? null : m.id))}
                  >
                    {optionsOf === m.id ? 'Close alerts' : 'Alerts…'}
                  </RowButton>
                  <ClientReportButton monitorId={m.id} monitorName={m.name} />
                  <DeleteRowButton
                    label={`Delete monitor: ${m.name}`}
                    warning={`Delete the monitor ${m.name}? Runs it made stay in the history.`}
                    onConfirm={() => remove(m.id)}
                  />
                </div>
              </td>
            </tr>
            {optionsOf === m.id && (
              <tr className="options-row">
                <td colSpan={6}>
                  <MonitorTopicsForm monitorName={m.name} prompts={m.spec.prompts} />
                  <MonitorOptionsForm
                    monitorId={m.id}
                    monitorName={m.name}
                    onDone={() => setOptionsOf(null)}
                  />
                </td>
              </tr>
            )}
          </Fragment>
        ))}
      </tbody>
    </table>
  );
}
