import { useCallback, useEffect, useRef, useState } from 'react';
import { type EngineName } from '../../../../shared/api/engines';
import { RUN_STATUSES, type RunStatus } from '../../../../shared/domain/run-spec';
import type { RunSummaryView } from '../../../../shared/ipc/channels/runs';
import { call } from '../../ipc/client';
import { isCountryCode } from '../../lib/countries';
import { deleteRun } from '../../lib/delete-run';
import { toShownError, type ShownError } from '../../lib/errors';
import { formatDateTime, plural } from '../../lib/format';
import { runName } from '../../lib/run-label';
import { usePagedRows } from '../../lib/use-paged-rows';
import { useNavStore } from '../../stores/nav-store';
import { CodeInput } from '../../components/CodeInput';
import { EngineSelect } from '../../components/EngineSelect';
import { Empty, ErrorState, Loading } from '../../components/StatusStates';
import { VirtualList } from '../../components/VirtualList';
import { DeleteRunDialog } from './DeleteRunDialog';
import { engineLabel } from '../../lib/engine-label';

const PAGE = 200;

/**
 * Every stored run, virtualized and paged; each opens offline in Compare, and each can be
 * deleted (its row's Delete button, or the Delete key on the active row) after a confirm.
 */
export function RunsList() {
  const openRun = useNavStore((s) => s.openRun);
  const [pending, setPending] = useState<RunSummaryView | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<ShownError | null>(null);
  const [deletedNote, setDeletedNote] = useState<string | null>(null);
  /** Bumped after a delete: a new loader means a fresh page cache, so the list is read again. */
  const [reload, setReload] = useState(0);
  const panelRef = useRef<HTMLDivElement>(null);
  /** Set when the dialog closes: focus goes back to the list (re-created after a delete). */
  const refocus = useRef(false);
  const [status, setStatus] = useState<RunStatus | ''>('');
  const [engine, setEngine] = useState<EngineName | ''>('');
  const [country, setCountry] = useState('');
  const [text, setText] = useState('');
  const filters = {
    ...(status ? { status } : {}),
    ...(engine ? { engine } : {}),
    ...(isCountryCode(country) ? { country } : {}),
    ...(text.trim() ? { text: text.trim() } : {}),
  };
  // `reload` is part of the key: a delete bumps it, which makes a new loader and so a fresh list.
  const key = JSON.stringify({ filters, reload });
  const loadPage = useCallback(
    async (offset: number, limit: number) => {
      const { filters: f } = JSON.parse(key) as { filters: object };
      const r = await call('runs.list', { ...f, offset, limit });
      return { rows: r.runs, total: r.total };
    },
    [key],
  );
  const { cache, total, error } = usePagedRows<RunSummaryView>(loadPage, PAGE);

  useEffect(() => {
    if (!refocus.current || pending || total === null) return;
    refocus.current = false;
    panelRef.current?.querySelector<HTMLElement>('[role="grid"]')?.focus();
  }, [pending, total]);

  const ask = (run: RunSummaryView): void => {
    setDeleteError(null);
    setDeletedNote(null);
    setPending(run);
  };
  const close = (): void => {
    setPending(null);
    refocus.current = true;
  };
  const confirmDelete = async (): Promise<void> => {
    if (!pending) return;
    setDeleting(true);
    try {
      await deleteRun(pending.id);
      setDeletedNote(`Deleted ${runName(pending)}.`);
      setReload((n) => n + 1);
      close();
    } catch (err) {
      setDeleteError(toShownError(err));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <div className="panel" ref={panelRef}>
      <h2>Runs</h2>
      <div className="row filters">
        <label>
          Status
          <select value={status} onChange={(e) => setStatus(e.target.value as RunStatus | '')}>
            <option value="">Any</option>
            {RUN_STATUSES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <EngineSelect value={engine} onChange={setEngine} anyOption />
        <CodeInput label="Country" value={country} onChange={(v) => setCountry(v.toUpperCase())} />
        <label>
          Name or prompt
          <input type="search" value={text} onChange={(e) => setText(e.target.value)} />
        </label>
      </div>
      {pending && (
        <DeleteRunDialog
          run={pending}
          deleting={deleting}
          error={deleteError}
          onConfirm={() => void confirmDelete()}
          onKeep={() => {
            setDeleteError(null);
            close();
          }}
        />
      )}
      {deletedNote && (
        <p role="status" className="muted small">
          {deletedNote}
        </p>
      )}
      {error !== null && <ErrorState error={toShownError(error)} />}
      {total === null && error === null && <Loading />}
      {total === 0 && <Empty>No runs match.</Empty>}
      {cache && total !== null && total > 0 && (
        <>
          <p className="muted small">{plural(total, 'run')}</p>
          <VirtualList<RunSummaryView>
            label="Runs"
            count={total}
            rowHeight={52}
            rowAt={cache.rowAt}
            onRange={cache.ensureRange}
            onActivate={(r) => openRun(r.id, 'compare')}
            onDeleteKey={ask}
            height={420}
            renderRow={(r, i) =>
              r ? (
                <div className="run-row">
                  <strong>{runName(r)}</strong>
                  <span className={`status status-${r.status}`}>{r.status}</span>
                  {r.sandbox && <span className="badge badge-synthetic">synthetic</span>}
                  <button
                    type="button"
                    className="small danger row-action"
                    tabIndex={-1}
                    aria-label={`Delete run ${runName(r)}, ${formatDateTime(r.createdAt)}`}
                    onClick={(e) => {
                      // The row itself opens the run; this button only asks to delete it.
                      e.stopPropagation();
                      ask(r);
                    }}
                  >
                    Delete
                  </button>
                  <span className="muted small">
                    {formatDateTime(r.createdAt)} · {plural(r.promptCount, 'prompt')} ·{' '}
                    {r.engines.map((e) => engineLabel(e)).join(', ')} ·{' '}
                    {[...r.countries, ...r.states.map((s) => `US-${s}`)].join(' ')} ·{' '}
                    {r.counts.succeeded ?? 0}/{r.total} ok
                  </span>
                </div>
              ) : (
                <span className="muted">Loading row {i + 1}…</span>
              )
            }
          />
          <p className="muted small">
            Enter or a click opens the active run in Compare; the Delete key or a row’s Delete button deletes
            it.
          </p>
        </>
      )}
    </div>
  );
}
