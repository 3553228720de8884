import { useState } from 'react';
import type { ExportFormat } from '../../../shared/ipc/channels/tools';
import { call } from '../ipc/client';
import { toShownError } from '../lib/errors';
import { useToastStore } from '../stores/toast-store';

const FORMATS: Array<{ format: Exclude<ExportFormat, 'html'>; label: string }> = [
  { format: 'csv', label: 'CSV' },
  { format: 'xlsx', label: 'XLSX' },
  { format: 'json', label: 'JSON' },
  { format: 'md', label: 'Markdown' },
];

/** Exports a run through main's save dialog (export.run). */
export function ExportButtons({ runId }: { runId: string }) {
  const push = useToastStore((s) => s.push);
  const [busy, setBusy] = useState(false);
  const run = async (format: ExportFormat): Promise<void> => {
    setBusy(true);
    try {
      const { path } = await call('export.run', { runId, format });
      if (path) push('success', `Exported to ${path}`);
    } catch (error) {
      const e = toShownError(error);
      push('error', `Export failed: ${e.code} ${e.message}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="export-buttons" role="group" aria-label="Export run">
      <span className="muted">Export:</span>
      {FORMATS.map((f) => (
        <button
          key={f.format}
          type="button"
          className="small"
          disabled={busy}
          onClick={() => void run(f.format)}
        >
          Export {f.label}
        </button>
      ))}
    </div>
  );
}
