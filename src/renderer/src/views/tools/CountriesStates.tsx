import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { call } from '../../ipc/client';
import { searchOptions } from '../../lib/countries';
import { toShownError, type ShownError } from '../../lib/errors';
import { formatDateTime, plural } from '../../lib/format';
import { useCatalogStore } from '../../stores/catalog-store';
import { ErrorState, Loading } from '../../components/StatusStates';

/** Matches listed while typing (the whole list is one click away, folded). */
const MATCHES_SHOWN = 48;

function CountryList({ items }: { items: ReadonlyArray<{ code: string; name: string; flag: string }> }) {
  return (
    <ul className="country-list" aria-label="Countries">
      {items.map((c) => (
        <li key={c.code}>
          <span aria-hidden="true">{c.flag}</span> {c.name} <code>{c.code}</code>
        </li>
      ))}
    </ul>
  );
}

/**
 * The countries the service accepts (with names and flags) and the US states: a search that
 * lists the matches, the whole lists folded away rather than 250 names dumped on the page.
 */
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
          <label className="country-find">
            Find a country
            <input
              type="search"
              aria-label="Filter countries"
              placeholder="Name or code"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
          </label>
          {query.trim() ? (
            <>
              <CountryList items={visible.slice(0, MATCHES_SHOWN)} />
              {visible.length === 0 && <p className="muted small">No country matches “{query.trim()}”.</p>}
              {visible.length > MATCHES_SHOWN && (
                <p className="muted small">
                  {visible.length - MATCHES_SHOWN} more match; type more of the name.
                </p>
              )}
            </>
          ) : (
            <details>
              <summary>All {plural(catalog.countries.codes.length, 'country', 'countries')}</summary>
              <CountryList items={visible} />
            </details>
          )}
        </>
      )}
      {statesError && <ErrorState error={statesError} />}
      {states && (
        <details>
          <summary>US states for state-level targeting ({states.length})</summary>
          <ul className="country-list" aria-label="US states">
            {states.map((s) => (
              <li key={s.code}>
                {s.name} <code>{s.code}</code>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
