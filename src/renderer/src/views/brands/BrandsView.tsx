import { useEffect, useState } from 'react';
import type { BrandView } from '../../../../shared/ipc/channels/library';
import { useBrandsStore } from '../../stores/brands-store';
import { useNavStore } from '../../stores/nav-store';
import { ConfirmButton } from '../../components/ConfirmButton';
import { RunPicker } from '../../components/RunPicker';
import { Empty, ErrorState, Loading } from '../../components/StatusStates';
import { BrandForm } from './BrandForm';
import { BrandMatrixTable } from './BrandMatrixTable';
import { DiscoveryPanel } from './DiscoveryPanel';
import { FactsPanel } from './FactsPanel';

export function BrandsView() {
  const store = useBrandsStore();
  const { load, loadMatrix } = store;
  const { runId, setRunId } = useNavStore();
  const [editing, setEditing] = useState<BrandView | 'new' | null>(null);

  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    if (runId) void loadMatrix(runId);
  }, [runId, loadMatrix, store.brands]);

  return (
    <section aria-labelledby="brands-heading" className="view">
      <h1 id="brands-heading">Brands</h1>
      {store.error && <ErrorState error={store.error} onRetry={() => void load()} />}
      <div className="panel">
        <div className="row">
          <h2>Brands and competitors</h2>
          <button type="button" onClick={() => setEditing('new')}>
            Add brand
          </button>
        </div>
        {editing && (
          <BrandForm
            key={editing === 'new' ? 'new' : editing.id}
            brand={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        )}
        {store.brands === null && !store.error && <Loading />}
        {store.brands?.length === 0 && (
          <Empty>No brands yet. Add your brand and its competitors to track their mentions.</Empty>
        )}
        {store.brands && store.brands.length > 0 && (
          <table className="table" aria-label="Brands">
            <thead>
              <tr>
                <th>Name</th>
                <th>Kind</th>
                <th>Variants</th>
                <th>Domains</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {store.brands.map((b) => (
                <tr key={b.id}>
                  <td>{b.name}</td>
                  <td>{b.kind}</td>
                  <td>{b.aliases.join(', ')}</td>
                  <td>{b.domains.join(', ')}</td>
                  <td>
                    {/* A row of short buttons in the cell (a flex cell leaves the table's grid). */}
                    <div className="row brand-actions small">
                      <button
                        type="button"
                        className="small"
                        aria-label={`Edit ${b.name}`}
                        onClick={() => setEditing(b)}
                      >
                        Edit
                      </button>
                      <ConfirmButton
                        label={`Delete ${b.name}`}
                        text="Delete"
                        warning={`Delete ${b.name}? Stored answers are kept.`}
                        confirmLabel="Delete"
                        onConfirm={() => store.remove(b.id)}
                      />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <DiscoveryPanel />
      <FactsPanel />
      <div className="panel">
        <h2>Brand matrix</h2>
        <RunPicker runId={runId} onPick={setRunId} />
        {store.matrixLoading && <Loading />}
        {store.matrixError && <ErrorState error={store.matrixError} />}
        {store.matrix && store.matrix.brands.length === 0 && (
          <Empty>Add brands to see their presence per country.</Empty>
        )}
        {store.matrix && store.matrix.brands.length > 0 && <BrandMatrixTable matrix={store.matrix} />}
      </div>
    </section>
  );
}
