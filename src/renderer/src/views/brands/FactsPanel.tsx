import { useEffect, useState } from 'react';
import { judgedByText, type BrandFactsFigures } from '../../../../shared/facts';
import { RateWithN } from '../../components/RateWithN';
import { formatPercent } from '../../lib/format';
import { Empty, ErrorState, Loading } from '../../components/StatusStates';
import { useBrandsStore } from '../../stores/brands-store';
import { subscribe } from '../../ipc/client';
import { useFactsStore } from '../../stores/facts-store';
import { FactsModelCheck } from './FactsModelCheck';

const percent = (v: number): string => formatPercent(v, 1);

function BrandFacts({ figures, byModel }: { figures: BrandFactsFigures; byModel: boolean }) {
  return (
    <div>
      <h3>
        {figures.brand}: <RateWithN rate={figures.discrepancyRate} none="no answer addresses its facts" />
      </h3>
      <table className="table" aria-label={`${figures.brand}: facts`}>
        <thead>
          <tr>
            <th scope="col">Fact</th>
            <th scope="col">Supported</th>
            <th scope="col">Contradicted</th>
            <th scope="col">Not addressed</th>
            {byModel && <th scope="col">By your model</th>}
          </tr>
        </thead>
        <tbody>
          {figures.facts.map((f) => (
            <tr key={f.key}>
              <th scope="row">{f.key}</th>
              <td>{f.supported}</td>
              <td>{f.contradicted}</td>
              <td>{f.notAddressed}</td>
              {byModel && <td>{f.byModel}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      {figures.notChecked > 0 && (
        <p className="small muted">
          Not in these counts: {figures.notChecked} answer{figures.notChecked === 1 ? '' : 's'} naming{' '}
          {figures.brand} in a language the built-in checker does not read.
        </p>
      )}
    </div>
  );
}

function ImportSheet() {
  const brands = useBrandsStore((s) => s.brands);
  const importSheet = useFactsStore((s) => s.importSheet);
  const imported = useFactsStore((s) => s.imported);
  const [brandId, setBrandId] = useState('');
  const chosen = brandId || brands?.[0]?.id || '';
  if (!brands || brands.length === 0) return null;
  return (
    <div>
      <div className="row tight">
        <label>
          Brand
          <select value={chosen} onChange={(e) => setBrandId(e.target.value)}>
            {brands.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </label>
        <button type="button" disabled={chosen === ''} onClick={() => void importSheet(chosen)}>
          Import fact sheet…
        </button>
      </div>
      {imported && (
        <div role="status" className="small">
          <p>
            {imported.brand}’s sheet now holds {imported.facts} fact{imported.facts === 1 ? '' : 's'}
            {imported.errors.length > 0 ? `; ${imported.errors.length} left out:` : '.'}
          </p>
          {imported.errors.length > 0 && (
            <ul aria-label="Facts left out">
              {imported.errors.map((e) => (
                <li key={`${e.line ?? ''}-${e.field}`}>
                  {e.line !== undefined ? `Line ${e.line}, ` : ''}
                  {e.field}: {e.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * What the engines get wrong about each brand: how often an answer addressing its facts
 * contradicts one (with the interval and n), per fact, and the sites cited in contradicting
 * answers against supporting ones. Sheets come from YAML or CSV files (`parallax facts set`).
 */
export function FactsPanel() {
  const { figures, loading, error, load } = useFactsStore();
  useEffect(() => {
    void load();
    // A re-check finished in main (after a sheet or the brands changed): read the figures again.
    return subscribe('visibility.changed', () => void load());
  }, [load]);
  const judged = figures ? judgedByText(figures.judgedBy) : null;
  return (
    <section className="panel" aria-labelledby="facts-heading">
      <h2 id="facts-heading">Facts: what the engines get wrong</h2>
      <p className="muted small">
        Last 30 days. Discrepancy rate: the answers naming a brand that contradict at least one of its facts,
        of those that address any.
      </p>
      <ImportSheet />
      <FactsModelCheck />
      {error && <ErrorState error={error} onRetry={() => void load()} />}
      {loading && figures === null && <Loading />}
      {figures && figures.brands.length === 0 && (
        <Empty>No fact sheet yet, or no answer addresses one: import a brand’s facts (YAML or CSV).</Empty>
      )}
      {judged && <p className="small">{judged}</p>}
      {figures?.notChecked.note && <p className="small">{figures.notChecked.note}.</p>}
      {figures?.brands.map((b) => (
        <BrandFacts key={b.brand} figures={b} byModel={judged !== null} />
      ))}
      {figures && figures.sources.length > 0 && (
        <table className="table" aria-label="Sites cited in contradicting answers">
          <thead>
            <tr>
              <th scope="col">Brand</th>
              <th scope="col">Site</th>
              <th scope="col">Contradicting answers citing it</th>
              <th scope="col">Supporting answers citing it</th>
            </tr>
          </thead>
          <tbody>
            {figures.sources.map((s) => (
              <tr key={`${s.brand}-${s.domain}`}>
                <td>{s.brand}</td>
                <th scope="row">{s.domain}</th>
                <td>
                  {s.contradicting} ({percent(s.contradictingShare)})
                </td>
                <td>
                  {s.supporting} ({percent(s.supportingShare)})
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
