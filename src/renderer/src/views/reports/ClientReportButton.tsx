import { useId, useState } from 'react';
import type { ReportFormat } from '../../../../shared/ipc/channels/reports';
import type { VisibilityPeriod } from '../../../../shared/visibility/types';
import { useReportStore } from '../../stores/report-store';
import { ReportBrandingPrompt } from './ReportBrandingPrompt';

// "Client report…": a small form (period, format) then main's save dialog, with the write's
// progress on the button and a toast naming the file. On a monitor's row it offers 7/30/90
// days; in Visibility it also offers the view's own period. While the monitor has no client's
// name or logo, the form asks for them first.

const PRESETS = [7, 30, 90] as const;

interface Props {
  monitorId: string;
  monitorName: string;
  /** The period the caller shows (Visibility's), offered first; absent on a monitor's row. */
  viewPeriod?: VisibilityPeriod;
  /** The focus brand the caller shows (Visibility's); default: main's choice. */
  brandId?: string | null;
}

function periodLabel(p: VisibilityPeriod): string {
  return 'days' in p ? `Last ${p.days} days` : `${p.from} – ${p.to}`;
}

/** The choices: the view's period first (when given), then the presets it is not. */
function choices(
  viewPeriod: VisibilityPeriod | undefined,
): Array<{ key: string; period: VisibilityPeriod; label: string }> {
  const list: Array<{ key: string; period: VisibilityPeriod; label: string }> = [];
  if (viewPeriod)
    list.push({ key: 'view', period: viewPeriod, label: `${periodLabel(viewPeriod)} (this view)` });
  for (const days of PRESETS) {
    if (viewPeriod && 'days' in viewPeriod && viewPeriod.days === days) continue;
    list.push({ key: String(days), period: { days }, label: `Last ${days} days` });
  }
  return list;
}

const FORMAT_LABELS = {
  html: 'HTML (opens in any browser)',
  pdf: 'PDF (to print or send)',
  xlsx: 'XLSX (one sheet per section)',
} as const;

export function ClientReportButton({ monitorId, monitorName, viewPeriod, brandId }: Props) {
  const writing = useReportStore((s) => s.writing);
  const write = useReportStore((s) => s.write);
  const [open, setOpen] = useState(false);
  const options = choices(viewPeriod);
  const [choice, setChoice] = useState(viewPeriod ? 'view' : '30');
  const [format, setFormat] = useState<ReportFormat>('html');
  const id = useId();
  const busy = writing === monitorId;

  const save = async (): Promise<void> => {
    const picked = options.find((o) => o.key === choice) ?? options[0];
    if (!picked) return;
    const path = await write({
      monitorId,
      period: picked.period,
      format,
      ...(brandId ? { brandId } : {}),
    });
    if (path !== null) setOpen(false);
  };

  if (!open)
    return (
      <button
        type="button"
        className="small"
        aria-label={`Client report: ${monitorName}`}
        disabled={writing !== null}
        onClick={() => setOpen(true)}
      >
        {busy ? 'Writing report…' : 'Client report…'}
      </button>
    );
  return (
    <form
      className="report-form"
      role="dialog"
      aria-label={`Client report: ${monitorName}`}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <ReportBrandingPrompt monitorId={monitorId} />
      <label>
        Period
        <select value={choice} onChange={(e) => setChoice(e.target.value)} disabled={busy}>
          {options.map((o) => (
            <option key={o.key} value={o.key}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="report-format" disabled={busy}>
        <legend className="visually-hidden">Format</legend>
        {(['html', 'pdf', 'xlsx'] as const).map((f) => (
          <label key={f} className="inline">
            <input
              type="radio"
              name={`${id}-format`}
              value={f}
              checked={format === f}
              onChange={() => setFormat(f)}
            />
            {FORMAT_LABELS[f]}
          </label>
        ))}
      </fieldset>
      <div className="row tight">
        <button type="submit" className="primary small" disabled={writing !== null}>
          {busy ? 'Writing report…' : 'Save report…'}
        </button>
        <button type="button" className="small" disabled={busy} onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
      {busy && (
        <p role="status" className="muted small">
          Writing the client report for {monitorName}…
        </p>
      )}
    </form>
  );
}
