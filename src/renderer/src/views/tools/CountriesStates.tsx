import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { call } from '../../ipc/client';
import { searchOptions } from '../../lib/countries';
import { toShownError, type ShownError } from '../../lib/errors';
import { formatDateTime, plural } from '../../lib/format';
import { useCatalogStore } from '../../stores/catalog-store';
import { ErrorState, Loading } from '../../components/StatusStates';

/** The countries the service accepts (with names and flags) and the US states. */
export function CountriesStates() {
  const catalog = useCatalogStore();
  const loadCatalog = useCatalogStore((s) => s.load);
  const [query, setQuery] = useState('');
  const [states, setStates] = useState<Array<{ code: string; name: string }> | null>(null);
  const [statesError, setStatesError] = useState<ShownError | null>(null);

  // The catalog as it is at mount decides whether to load it; later changes do not load again.
  const loadCatalogIfMissing = useEffectEvent(() => {
    if (!catalog.countries && !catalog.loading) void loadCatalog();
  });

  // Once, on mount.
  useEffect(() => {
    loadCatalogIfMissing();
    call('states.list', { country: 'US' }).then(setStates, (e: unknown) => setStatesError(toShownError(e)));
  }, []);

  const visible = useMemo(
    () => searchOptions(catalog.countryOptions, query),
    [catalog.countryOptions, query],
  );

  return (
    <div className="panel">
      <h2>Countries and states</h2>
      {catalog.error && <ErrorState error={catalog.error} onRetry={() => void loadCatalog()} />}
      {catalog.loading && <Loading />}
      {catalog.countries && (
        <>
          <div className="row">
            <span className="muted small">
              {plural(catalog.countries.codes.length, 'country', 'countries')} · from{' '}
              {catalog.countries.source}
              {catalog.countries.fetchedAt ? ` · ${formatDateTime(catalog.countries.fetchedAt)}` : ''}
            </span>
            <button type="button" className="small" onClick={() => void loadCatalog(true)}>
              Refresh from service
            </button>
          </div>
          <label>
            Filter
            <input
              type="search"
              aria-label="Filter countries"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
          </label>
          <ul className="country-list" aria-label="Countries" tabIndex={0}>
            {visible.map((c) => (
              <li key={c.code}>
                <span aria-hidden="true">{c.flag}</span> {c.name} <code>{c.code}</code>
              </li>
            ))}
          </ul>
        </>
      )}
      <h3>US states</h3>
      {statesError && <ErrorState error={statesError} />}
      {states && (
        <ul className="country-list" aria-label="US states" tabIndex={0}>
          {states.map((s) => (
            <li key={s.code}>
              {s.name} <code>{s.code}</code>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
