import { useEffect, useId, useRef, useState } from 'react';
import type { ExportFormat, ExportTable } from '../../../shared/ipc/channels/tools';
import { call, subscribe } from '../ipc/client';
import { toShownError } from '../lib/errors';
import { notifySaved } from '../lib/saved-file';
import { useToastStore } from '../stores/toast-store';

interface FormatChoice {
  format: Exclude<ExportFormat, 'html'>;
  /** csv: the table the file holds (answers when absent). */
  table?: ExportTable;
  label: string;
  hint: string;
}

const FORMATS: FormatChoice[] = [
  { format: 'csv', label: 'CSV', hint: 'one row per answer' },
  { format: 'csv', table: 'products', label: 'CSV: products', hint: 'one row per product shown' },
  { format: 'csv', table: 'ads', label: 'CSV: ads', hint: 'one row per ad shown' },
  { format: 'csv', table: 'facts', label: 'CSV: facts', hint: 'one row per brand fact checked' },
  { format: 'xlsx', label: 'Excel (XLSX)', hint: 'answers, sources, products, ads and facts in sheets' },
  { format: 'json', label: 'JSON', hint: 'the whole run' },
  { format: 'ndjson', label: 'NDJSON', hint: 'one answer per line' },
  { format: 'md', label: 'Markdown', hint: 'answers as text' },
];

interface Under {
  exportId: string;
  done: number;
  total: number;
}

/** An HTML comparison report of the answers on screen, offered in the same menu. */
export interface ReportChoice {
  disabled: boolean;
  /** Why it is limited ("The report holds the first 20 answers"), shown next to it. */
  note?: string;
  write(): void;
}

/**
 * Every way to save what is on screen, in one "Export" menu: a run's data files (export.run,
 * through main's save dialog) and the HTML report. A large run takes seconds: the menu's button
 * shows how far main got ('export.progress') and a Cancel that stops it (export.cancel); a
 * canceled export leaves no file. A saved file is announced by name with "Show in folder".
 */
export function ExportMenu({ runId, report }: { runId?: string | null; report?: ReportChoice }) {
  const push = useToastStore((s) => s.push);
  const [under, setUnder] = useState<Under | null>(null);
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(
    () =>
      subscribe('export.progress', (p) =>
        setUnder((u) => (u && u.exportId === p.exportId && p.phase === 'writing' ? { ...u, ...p } : u)),
      ),
    [],
  );
  // A click anywhere else closes the menu.
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent): void => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const run = async ({ format, table }: FormatChoice): Promise<void> => {
    if (!runId) return;
    setOpen(false);
    const exportId = crypto.randomUUID();
    setUnder({ exportId, done: 0, total: 0 });
    try {
      const { path, canceled, partial } = await call('export.run', {
        runId,
        format,
        ...(table ? { table } : {}),
        exportId,
      });
      if (path) notifySaved('Exported', path, partial);
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
    <div
      className="export-menu"
      ref={box}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.preventDefault();
          setOpen(false);
          box.current?.querySelector<HTMLButtonElement>('button')?.focus();
        }
      }}
    >
      <button
        type="button"
        className="small"
        aria-expanded={open}
        aria-controls={`${id}-choices`}
        disabled={under !== null}
        onClick={() => setOpen(!open)}
      >
        Export <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <ul id={`${id}-choices`} className="export-choices" aria-label="Export as">
          {runId &&
            FORMATS.map((f) => (
              <li key={f.label}>
                <button type="button" onClick={() => void run(f)}>
                  <span className="export-choice-label">{f.label}</span>{' '}
                  <span className="muted small">{f.hint}</span>
                </button>
              </li>
            ))}
          {report && (
            <li>
              <button
                type="button"
                disabled={report.disabled}
                onClick={() => {
                  setOpen(false);
                  report.write();
                }}
              >
                <span className="export-choice-label">HTML report</span>{' '}
                <span className="muted small">{report.note ?? 'the answers on screen'}</span>
              </button>
            </li>
          )}
        </ul>
      )}
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
