import { Fragment, useEffect, useState } from 'react';
import type { PromptSuggestionView, SuggestionSourceName } from '../../../../shared/ipc/channels/suggestions';
import { ActionsTableHead, RowButton } from '../../components/RowActions';
import { Empty, ErrorState, Loading } from '../../components/StatusStates';
import type { ShownError } from '../../lib/errors';
import { formatNumber } from '../../lib/format';
import { shortText } from '../../lib/tags';
import { useLibraryStore } from '../../stores/library-store';
import { useSuggestionsStore } from '../../stores/suggestions-store';
import { SuggestionAddForm } from './SuggestionAddForm';

// Prompts worth tracking, under the saved prompts: what people ask search, what Bing's answers
// were grounded on and what the engines searched while answering, folded, minus what is tracked.

const SOURCE_NAMES: Record<SuggestionSourceName, string> = {
  gsc: 'Search Console',
  bing: 'Bing grounding',
  fanout: 'Engines\u2019 fan-out',
};
const SOURCES = Object.keys(SOURCE_NAMES) as SuggestionSourceName[];
const COLUMNS = ['Prompt', 'From', 'Signal'];

/** Each signal in words; impressions are a proxy for how often people search, never a volume. */
function signals(s: PromptSuggestionView): string[] {
  return [
    s.impressions !== null ? `${formatNumber(s.impressions)} impressions (a proxy, not search volume)` : null,
    s.citations !== null ? `${formatNumber(s.citations)} citations in Bing answers` : null,
    s.answers !== null ? `searched in ${formatNumber(s.answers)} answers` : null,
  ].filter((x): x is string => x !== null);
}

function SuggestionRow({ s, columns }: { s: PromptSuggestionView; columns: number }) {
  const dismiss = useSuggestionsStore((st) => st.dismiss);
  const reloadLibrary = useLibraryStore((st) => st.load);
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<ShownError | null>(null);
  const short = shortText(s.text);
  const others = s.variants.filter((v) => v !== s.text);
  return (
    <Fragment>
      <tr>
        <td className="prompt-text">
          {s.text}
          {others.length > 0 && (
            <details className="small">
              <summary>
                {others.length} near-duplicate{others.length === 1 ? '' : 's'} folded in
              </summary>
              <ul>
                {others.map((v) => (
                  <li key={v}>{v}</li>
                ))}
              </ul>
            </details>
          )}
        </td>
        <td>{s.sources.map((src) => SOURCE_NAMES[src]).join(', ')}</td>
        <td className="small">{signals(s).join('; ')}</td>
        <td>
          <div className="row actions">
            <RowButton label={`Add: ${short}`} onClick={() => setAdding(true)} disabled={adding}>
              Add…
            </RowButton>
            <RowButton label={`Dismiss: ${short}`} onClick={() => void dismiss(s.id).then(setError)}>
              Dismiss
            </RowButton>
          </div>
          {error && <ErrorState error={error} />}
        </td>
      </tr>
      {adding && (
        <tr>
          <td colSpan={columns}>
            <SuggestionAddForm
              suggestion={s}
              onDone={(added) => {
                setAdding(false);
                if (added) void reloadLibrary();
              }}
            />
          </td>
        </tr>
      )}
    </Fragment>
  );
}

function SourceFilter() {
  const { source, setSource, data } = useSuggestionsStore();
  return (
    <label>
      From
      <select
        value={source ?? ''}
        onChange={(e) => setSource(e.target.value === '' ? null : (e.target.value as SuggestionSourceName))}
      >
        <option value="">Every source</option>
        {SOURCES.map((src) => (
          <option key={src} value={src}>
            {SOURCE_NAMES[src]}
            {data ? ` (${data.bySource[src]})` : ''}
          </option>
        ))}
      </select>
    </label>
  );
}

export function SuggestionsPanel() {
  const { data, error, load, done } = useSuggestionsStore();
  // Read again whenever the library is: a prompt saved there is tracked, so no longer suggested.
  const library = useLibraryStore((st) => st.prompts);
  useEffect(() => {
    void load();
  }, [load, library]);
  const list = data?.suggestions ?? [];
  return (
    <div className="panel">
      <h2>Prompts worth tracking</h2>
      <div className="row">
        <SourceFilter />
        {data && (
          <p className="muted small">
            {list.length} of {data.total} suggestion{data.total === 1 ? '' : 's'}
            {data.dismissed > 0 ? ` · ${data.dismissed} dismissed` : ''}
          </p>
        )}
      </div>
      {done && (
        <p className="muted small" aria-live="polite">
          {done}
        </p>
      )}
      {error && <ErrorState error={error} onRetry={() => void load()} />}
      {data === null && error === null && <Loading />}
      {data && list.length === 0 && (
        <Empty>
          No suggestions: import Search Console or Bing queries (Funnel, or parallax outcomes import), or run
          prompts asking for the engines’ search queries. Prompts already in the library or a monitor are left
          out.
        </Empty>
      )}
      {list.length > 0 && (
        <table className="table" aria-label="Prompts worth tracking">
          <ActionsTableHead columns={COLUMNS} />
          <tbody>
            {list.map((s) => (
              <SuggestionRow key={s.id} s={s} columns={COLUMNS.length + 1} />
            ))}
          </tbody>
        </table>
      )}
      {data && (
        <ul className="muted small">
          {data.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
