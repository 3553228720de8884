import { useEffect, useId, useState } from 'react';
import type { MonitorOptionsState } from '../../../../shared/ipc/channels/alerts';
import { reportBrandingSchema } from '../../../../shared/reports/branding';
import { call } from '../../ipc/client';
import { toShownError } from '../../lib/errors';
import { FieldError } from '../../components/FieldError';
import { LabeledInput } from '../../components/LabeledInput';

// In the "Client report…" form: when the monitor's options leave the client's name or logo
// unset, the report would carry the focus brand's name as its title and no logo, so the form
// asks for them first (saved into the monitor's options, as Monitors → Alerts… saves them).
// Writing the report without them stays possible.

type Status = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; message: string };

export function ReportBrandingPrompt({ monitorId }: { monitorId: string }) {
  const id = useId();
  const [options, setOptions] = useState<MonitorOptionsState | null>(null);
  const [clientName, setClientName] = useState('');
  const [logo, setLogo] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string[] | undefined>(undefined);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  useEffect(() => {
    let live = true;
    call('alerts.options', { monitorId })
      .then((o) => {
        if (!live) return;
        setOptions(o);
        setClientName(o.branding.clientName ?? '');
        setLogo(o.branding.logo);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [monitorId]);

  if (!options || (options.branding.clientName !== null && options.branding.logo !== null)) return null;
  if (status.kind === 'saved')
    return (
      <p role="status" className="muted small">
        Client&rsquo;s name and logo saved for this monitor&rsquo;s reports.
      </p>
    );

  const chooseLogo = async (): Promise<void> => {
    try {
      const picked = await call('alerts.chooseLogo', {});
      if (picked.logo) setLogo(picked.logo);
    } catch (e) {
      setStatus({ kind: 'failed', message: toShownError(e).message });
    }
  };
  const save = async (): Promise<void> => {
    const parsed = reportBrandingSchema.shape.clientName.safeParse(clientName);
    if (!parsed.success) return setNameError([parsed.error.issues[0]?.message ?? 'Not valid']);
    setNameError(undefined);
    setStatus({ kind: 'saving' });
    try {
      const { monitorId: m, rules, webhookUrl, reportDir, reportDays, branding } = options;
      await call('alerts.saveOptions', {
        monitorId: m,
        rules,
        webhookUrl,
        reportDir,
        reportDays,
        branding: { ...branding, clientName: parsed.data, logo },
      });
      setStatus({ kind: 'saved' });
    } catch (e) {
      setStatus({ kind: 'failed', message: toShownError(e).message });
    }
  };
  const missing = [
    options.branding.clientName === null ? 'client’s name' : null,
    options.branding.logo === null ? 'logo' : null,
  ].filter((x): x is string => x !== null);
  return (
    <fieldset className="report-branding" aria-label="Client’s name and logo">
      <legend>Before you send it</legend>
      <p className="small">
        This monitor&rsquo;s reports have no {missing.join(' and no ')} yet
        {options.branding.clientName === null ? ': the title uses the focus brand’s name' : ''}. Set them once
        for every report of this monitor.
      </p>
      <div className="row tight">
        <LabeledInput
          grow
          errorId={`${id}-client`}
          label="Client name"
          messages={nameError}
          input={{ type: 'text', value: clientName, onChange: (e) => setClientName(e.target.value) }}
        />
        {logo ? (
          <img className="report-logo-preview" src={logo} alt="Report logo" height={32} />
        ) : (
          <span className="muted small">no logo</span>
        )}
        <button type="button" className="small" onClick={() => void chooseLogo()}>
          Choose logo…
        </button>
        <button
          type="button"
          className="small"
          disabled={status.kind === 'saving'}
          onClick={() => void save()}
        >
          Save name and logo
        </button>
      </div>
      <FieldError id={`${id}-save`} messages={status.kind === 'failed' ? [status.message] : undefined} />
    </fieldset>
  );
}
