import { useEffect, useState } from 'react';
import type { MonitorView } from '../../../../shared/ipc/channels/library';
import type { InvokeInput } from '../../../../shared/ipc/contract';
import { call, subscribe } from '../../ipc/client';
import { toShownError } from '../../lib/errors';
import { formatNumber } from '../../lib/format';
import { fileName } from '../../lib/saved-file';
import { useToastStore } from '../../stores/toast-store';

// Settings → Data → "Export for analysis…": the history as plain tables for the analyst's own
// tools (a SQLite file, or a folder of Parquet files), for a period and a monitor. Main asks
// where to save; this shows how far it got, a Cancel, and a notice naming the file with
// "Show in folder".

type Format = InvokeInput<'dbExport.run'>['format'];

const PERIODS = [
  { value: 'all', label: 'The whole history', days: null },
  { value: '7', label: 'Last 7 days', days: 7 },
  { value: '30', label: 'Last 30 days', days: 30 },
  { value: '90', label: 'Last 90 days', days: 90 },
  { value: '365', label: 'Last 12 months', days: 365 },
] as const;

interface Under {
  exportId: string;
  table: string;
  done: number;
  total: number;
  unit: string;
}

export function AnalysisExportPanel() {
  const push = useToastStore((s) => s.push);
  const [format, setFormat] = useState<Format>('sqlite');
  const [period, setPeriod] = useState<(typeof PERIODS)[number]['value']>('all');
  const [monitorId, setMonitorId] = useState('');
  const [monitors, setMonitors] = useState<MonitorView[]>([]);
  const [under, setUnder] = useState<Under | null>(null);

  useEffect(() => {
    call('monitors.list', {}).then(setMonitors, () => setMonitors([]));
  }, []);
  useEffect(
    () =>
      subscribe('dbExport.progress', (p) =>
        setUnder((u) => (u && u.exportId === p.exportId ? { ...u, ...p } : u)),
      ),
    [],
  );

  const start = async (): Promise<void> => {
    const exportId = crypto.randomUUID();
    setUnder({ exportId, table: '', done: 0, total: 0, unit: '' });
    const days = PERIODS.find((p) => p.value === period)?.days ?? null;
    try {
      const out = await call('dbExport.run', {
        format,
        period: days === null ? null : { days },
        monitorId: monitorId === '' ? null : monitorId,
        exportId,
      });
      if (out.path) {
        const answers = out.tables.find((t) => t.table === 'answers')?.rows ?? 0;
        push(
          'success',
          `Exported ${formatNumber(answers)} answers to ${fileName(out.path)}${out.synthetic ? ' (includes synthetic sandbox/demo answers)' : ''}`,
          { label: 'Show in folder', run: () => void call('dbExport.showInFolder', { exportId }) },
        );
      } else if (out.canceled) push('info', 'Export canceled; nothing was written');
    } catch (error) {
      const e = toShownError(error);
      push('error', `Export failed: ${e.message}`);
    } finally {
      setUnder(null);
    }
  };

  const percent = under && under.total > 0 ? Math.floor((100 * under.done) / under.total) : null;
  return (
    <section aria-labelledby="analysis-export-heading">
      <h3 id="analysis-export-heading">Export for analysis</h3>
      <p className="muted">
        Every answer, source, brand mention, run and job, and the daily visibility figures, as plain tables
        for sqlite3, DuckDB, pandas, R, Excel or Power BI.
      </p>
      <div className="row">
        <label>
          Format
          <select
            value={format}
            onChange={(e) => setFormat(e.target.value as Format)}
            disabled={under !== null}
          >
            <option value="sqlite">SQLite file (one file)</option>
            <option value="parquet">Parquet (a folder, one file per table)</option>
          </select>
        </label>
        <label>
          Period
          <select
            value={period}
            onChange={(e) => setPeriod(e.target.value as typeof period)}
            disabled={under !== null}
          >
            {PERIODS.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Monitor
          <select value={monitorId} onChange={(e) => setMonitorId(e.target.value)} disabled={under !== null}>
            <option value="">All runs</option>
            {monitors.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="row">
        <button type="button" disabled={under !== null} onClick={() => void start()}>
          Export for analysis…
        </button>
        {under && (
          <span className="export-progress" role="status">
            <progress max={100} value={percent ?? undefined} aria-label="Analysis export progress" />
            <span className="muted">
              {percent === null
                ? 'Exporting…'
                : `${under.table}: ${formatNumber(under.done)} of ${formatNumber(under.total)} ${under.unit}`}
            </span>
            <button
              type="button"
              className="small"
              onClick={() => void call('dbExport.cancel', { exportId: under.exportId })}
            >
              Cancel export
            </button>
          </span>
        )}
      </div>
    </section>
  );
}
