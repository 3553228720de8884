import { useEffect, useState } from 'react';
import type { ExportFormat } from '../../../shared/ipc/channels/tools';
import { call, subscribe } from '../ipc/client';
import { toShownError } from '../lib/errors';
import { useToastStore } from '../stores/toast-store';

const FORMATS: Array<{ format: Exclude<ExportFormat, 'html'>; label: string }> = [
  { format: 'csv', label: 'CSV' },
  { format: 'xlsx', label: 'XLSX' },
  { format: 'json', label: 'JSON' },
  { format: 'ndjson', label: 'NDJSON' },
  { format: 'md', label: 'Markdown' },
];

interface Under {
  exportId: string;
  done: number;
  total: number;
}

/**
 * Exports a run through main's save dialog (export.run). A large run takes seconds: the
 * buttons show how far main got ('export.progress') and a Cancel that stops it (export.cancel);
 * a canceled export leaves no file.
 */
export function ExportButtons({ runId }: { runId: string }) {
  const push = useToastStore((s) => s.push);
  const [under, setUnder] = useState<Under | null>(null);

  useEffect(
    () =>
      subscribe('export.progress', (p) =>
        setUnder((u) => (u && u.exportId === p.exportId && p.phase === 'writing' ? { ...u, ...p } : u)),
      ),
    [],
  );

  const run = async (format: ExportFormat): Promise<void> => {
    const exportId = crypto.randomUUID();
    setUnder({ exportId, done: 0, total: 0 });
    try {
      const { path, canceled, partial } = await call('export.run', { runId, format, exportId });
      if (path && partial) push('warning', `Exported to ${path}. ${partial}`);
      else if (path) push('success', `Exported to ${path}`);
      else if (canceled) push('info', 'Export canceled; no file was written');
    } catch (error) {
      const e = toShownError(error);
      push('error', `Export failed: ${e.code} ${e.message}`);
    } finally {
      setUnder(null);
    }
  };

  const cancel = (): void => {
    if (under) void call('export.cancel', { exportId: under.exportId });
  };

  const percent = under && under.total > 0 ? Math.floor((100 * under.done) / under.total) : null;
  return (
    <div className="export-buttons" role="group" aria-label="Export run">
      <span className="muted">Export:</span>
      {FORMATS.map((f) => (
        <button
          key={f.format}
          type="button"
          className="small"
          disabled={under !== null}
          onClick={() => void run(f.format)}
        >
          Export {f.label}
        </button>
      ))}
      {under && (
        <span className="export-progress" role="status">
          <progress max={100} value={percent ?? undefined} aria-label="Export progress" />
          <span className="muted">{percent === null ? 'Exporting…' : `${percent} %`}</span>
          <button type="button" className="small" onClick={cancel}>
            Cancel export
          </button>
        </span>
      )}
    </div>
  );
}
