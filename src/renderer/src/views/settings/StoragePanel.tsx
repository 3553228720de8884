import { useState } from 'react';
import type { StorageStats } from '../../../../shared/domain/storage';
import { call } from '../../ipc/client';
import { toShownError, type ShownError } from '../../lib/errors';
import { plural } from '../../lib/format';
import { useToastStore } from '../../stores/toast-store';
import { ErrorState } from '../../components/StatusStates';

// Settings → History file: the file's size by part (the same figures as `parallax db stats`)
// and compacting it. Sizes are read on request: measuring reads every page of the file.

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

export function StoragePanel() {
  const push = useToastStore((s) => s.push);
  const [stats, setStats] = useState<StorageStats | null>(null);
  const [busy, setBusy] = useState<'measuring' | 'compacting' | null>(null);
  const [error, setError] = useState<ShownError | null>(null);

  const run = async (what: 'measuring' | 'compacting', fn: () => Promise<void>): Promise<void> => {
    setBusy(what);
    setError(null);
    try {
      await fn();
    } catch (err) {
      setError(toShownError(err));
    } finally {
      setBusy(null);
    }
  };
  const measure = () => run('measuring', async () => setStats(await call('storage.stats', {})));
  const compact = () =>
    run('compacting', async () => {
      const result = await call('storage.compact', {});
      push('success', `History file compacted: ${mb(result.beforeBytes)} → ${mb(result.afterBytes)}.`);
      setStats(await call('storage.stats', {}));
    });

  return (
    <div className="panel" aria-labelledby="storage-heading">
      <h2 id="storage-heading">History file</h2>
      {error && <ErrorState error={error} />}
      {stats && (
        <>
          <table className="table" aria-label="History file size by part" data-testid="storage-parts">
            <thead>
              <tr>
                <th scope="col">Part</th>
                <th scope="col">Size</th>
                <th scope="col">Per answer</th>
              </tr>
            </thead>
            <tbody>
              {stats.parts.map((p) => (
                <tr key={p.part} title={p.tables.join(', ')}>
                  <td>{p.part}</td>
                  <td>{mb(p.bytes)}</td>
                  <td>{stats.results > 0 ? kb(p.bytes / stats.results) : '–'}</td>
                </tr>
              ))}
              <tr>
                <td>Free space (compacting gives it back)</td>
                <td>{mb(stats.freeBytes)}</td>
                <td />
              </tr>
            </tbody>
          </table>
          <p className="muted">
            {mb(stats.totalBytes)} for {plural(stats.results, 'answer')}
            {stats.bytesPerResult !== null && ` (${kb(stats.bytesPerResult)} per answer)`}.
          </p>
        </>
      )}
      <div className="row">
        <button type="button" disabled={busy !== null} onClick={() => void measure()}>
          {busy === 'measuring' ? 'Measuring…' : stats ? 'Measure again' : 'Show size by part'}
        </button>
        <button type="button" disabled={busy !== null} onClick={() => void compact()}>
          {busy === 'compacting' ? 'Compacting…' : 'Compact'}
        </button>
      </div>
      <p className="hint">
        Compacting gives the space of deleted runs back to the disk. The first time on an older file it
        rewrites the file once, which takes a while on a large history.
      </p>
    </div>
  );
}
