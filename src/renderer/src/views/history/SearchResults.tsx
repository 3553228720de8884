import { matchCount } from '../../../../shared/match-count';
import { useCallback, useState } from 'react';
import { type EngineName } from '../../../../shared/api/engines';
import type { SearchHitView } from '../../../../shared/ipc/channels/history';
import { call } from '../../ipc/client';
import { isCountryCode, locationLabel } from '../../lib/countries';
import { toShownError } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { usePagedRows } from '../../lib/use-paged-rows';
import { useNavStore } from '../../stores/nav-store';
import { Snippet } from '../../components/Snippet';
import { Empty, ErrorState, Loading } from '../../components/StatusStates';
import { VirtualList } from '../../components/VirtualList';
import { CodeInput } from '../../components/CodeInput';
import { EngineSelect } from '../../components/EngineSelect';
import { engineLabel } from '../../lib/engine-label';

const PAGE = 200;

/** Full-text search over every stored answer and source, virtualized, snippets highlighted. */
export function SearchResults() {
  const openRun = useNavStore((s) => s.openRun);
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState('');
  const [engine, setEngine] = useState<EngineName | ''>('');
  const [country, setCountry] = useState('');
  const [capped, setCapped] = useState(false);
  const key = JSON.stringify({
    query,
    ...(engine ? { engine } : {}),
    ...(isCountryCode(country) ? { country } : {}),
  });
  const loadPage = useCallback(
    async (offset: number, limit: number) => {
      const f = JSON.parse(key) as { query: string; engine?: EngineName; country?: string };
      const r = await call('history.search', { ...f, offset, limit });
      setCapped(r.totalCapped);
      return { rows: r.hits, total: r.total };
    },
    [key],
  );
  const { cache, total, error } = usePagedRows<SearchHitView>(query === '' ? null : loadPage, PAGE);

  return (
    <div className="panel">
      <h2>Search answers</h2>
      <form
        className="row filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery(draft.trim());
        }}
      >
        <label>
          Search
          <input
            type="search"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="brand, phrase, domain…"
          />
        </label>
        <EngineSelect value={engine} onChange={setEngine} anyOption />
        <CodeInput label="Country" value={country} onChange={(v) => setCountry(v.toUpperCase())} />
        <button type="submit">Search</button>
      </form>
      {query === '' && <p className="muted">Type words to search every stored answer.</p>}
      {error !== null && <ErrorState error={toShownError(error)} />}
      {query !== '' && total === null && error === null && <Loading label="Searching…" />}
      {total === 0 && <Empty>No answer matches “{query}”.</Empty>}
      {cache && total !== null && total > 0 && (
        <>
          <p className="muted small" role="status">
            {matchCount(total, capped)}
          </p>
          <VirtualList<SearchHitView>
            label="Search results"
            count={total}
            rowHeight={72}
            rowAt={cache.rowAt}
            onRange={cache.ensureRange}
            onActivate={(h) => openRun(h.runId, 'compare')}
            height={480}
            renderRow={(h, i) =>
              h ? (
                <div className="hit-row">
                  <div className="muted small">
                    {formatDateTime(h.fetchedAt)} · {engineLabel(h.engine)} ·{' '}
                    {locationLabel(h.country, h.state)} · {h.matchedIn} · “{h.prompt.slice(0, 80)}”
                  </div>
                  <Snippet snippet={h.snippet} />
                </div>
              ) : (
                <span className="muted">Loading match {i + 1}…</span>
              )
            }
          />
        </>
      )}
    </div>
  );
}
