import { useEffect, useRef, useState } from 'react';
import type { SeriesKeyView } from '../../../../shared/visibility/types';
import { subscribe } from '../../ipc/client';
import { locationLabel } from '../../lib/countries';
import { formatDate, formatNumber } from '../../lib/format';
import type { SeriesTarget } from '../../stores/nav-store';
import { SERIES_KEYS_LIMIT, useOverTimeStore } from '../../stores/over-time-store';
import { Empty, ErrorState, Loading } from '../../components/StatusStates';
import { engineLabel } from '../../lib/engine-label';

/** Typing waits this long before asking main, so a word typed is one query, not one per key. */
const FILTER_DELAY_MS = 250;
/**
 * Series listed at a time ("Show more" adds as many). The list is drawn whole, in the page:
 * a scroll box of its own would catch the wheel on its way down to the charts.
 */
export const SERIES_PAGE = 10;

function sameSeries(k: SeriesKeyView, t: SeriesTarget | null): boolean {
  return (
    t !== null &&
    k.prompt === t.prompt &&
    k.engine === t.engine &&
    k.country === t.country &&
    k.state === t.state
  );
}

/**
 * The prompt × engine × location combinations asked more than once, from history.seriesKeys,
 * searched by prompt text: picking one opens its series, after which the picker folds into one
 * line naming the series, with "Change series" to open it again.
 */
export function SeriesPicker({
  current,
  onPick,
}: {
  current: SeriesTarget | null;
  onPick(target: SeriesTarget): void;
}) {
  const { keys, keysFilter, keysLoading, keysError, loadKeys } = useOverTimeStore();
  const [text, setText] = useState(keysFilter);
  const [shown, setShown] = useState(SERIES_PAGE);
  // "Change series" unfolds the picker over an open series; picking one folds it again.
  const [changing, setChanging] = useState(false);
  // Opening the view lists right away; typing waits for a pause.
  const typed = useRef(false);

  useEffect(() => {
    const timer = setTimeout(() => void loadKeys(text), typed.current ? FILTER_DELAY_MS : 0);
    return () => clearTimeout(timer);
  }, [text, loadKeys]);
  // New answers, a demo loaded or deleted: the choices change.
  useEffect(
    () => subscribe('visibility.changed', () => void loadKeys(useOverTimeStore.getState().keysFilter)),
    [loadKeys],
  );

  const pick = (target: SeriesTarget): void => {
    setChanging(false);
    onPick(target);
  };

  if (!changing && current) {
    return (
      <div className="panel series-picker series-current">
        <h2>Series</h2>
        <p>
          <strong>“{current.prompt}”</strong> · {engineLabel(current.engine)} ·{' '}
          {locationLabel(current.country, current.state)}
        </p>
        <button type="button" className="small" onClick={() => setChanging(true)}>
          Change series
        </button>
      </div>
    );
  }

  const listed = keys?.slice(0, shown) ?? [];
  return (
    <div className="panel series-picker">
      <h2>Series</h2>
      <label>
        Search prompts
        <input
          type="search"
          value={text}
          placeholder="Words of a prompt"
          onChange={(e) => {
            typed.current = true;
            setShown(SERIES_PAGE);
            setText(e.target.value);
          }}
        />
      </label>
      {keysError && <ErrorState error={keysError} onRetry={() => void loadKeys(text)} />}
      {keys === null && keysLoading && <Loading />}
      {keys !== null && keys.length === 0 && (
        <Empty>
          {keysFilter.trim()
            ? `No prompt asked more than once matches “${keysFilter.trim()}”.`
            : 'No prompt has been asked more than once for the same engine and location yet.'}
        </Empty>
      )}
      {keys !== null && keys.length > 0 && (
        <div className="series-keys" aria-busy={keysLoading}>
          <table className="table" aria-label="Series to open">
            <thead>
              <tr>
                <th scope="col">Prompt</th>
                <th scope="col">Engine</th>
                <th scope="col">Location</th>
                <th scope="col">Answers</th>
                <th scope="col">First</th>
                <th scope="col">Last</th>
                <th scope="col">
                  <span className="visually-hidden">Open</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {listed.map((k) => (
                <SeriesRow key={seriesKey(k)} k={k} selected={sameSeries(k, current)} onPick={pick} />
              ))}
            </tbody>
          </table>
          <p className="row tight small">
            <span className="muted">
              {listed.length} of{' '}
              {keys.length >= SERIES_KEYS_LIMIT ? `the ${SERIES_KEYS_LIMIT} with most answers` : keys.length}
              {keys.length >= SERIES_KEYS_LIMIT ? '; type to narrow' : ''}
            </span>
            {listed.length < keys.length && (
              <button type="button" className="small" onClick={() => setShown(shown + SERIES_PAGE)}>
                Show {Math.min(SERIES_PAGE, keys.length - listed.length)} more
              </button>
            )}
            {current && (
              <button type="button" className="small" onClick={() => setChanging(false)}>
                Keep “{current.prompt.slice(0, 40)}”
              </button>
            )}
          </p>
        </div>
      )}
    </div>
  );
}

function seriesKey(k: SeriesKeyView): string {
  return `${k.prompt}\u0000${k.engine}\u0000${k.country}\u0000${k.state ?? ''}`;
}

function SeriesRow({
  k,
  selected,
  onPick,
}: {
  k: SeriesKeyView;
  selected: boolean;
  onPick(target: SeriesTarget): void;
}) {
  const where = locationLabel(k.country, k.state);
  return (
    <tr aria-current={selected ? 'true' : undefined}>
      <td className="series-prompt" title={k.prompt}>
        {k.prompt}
      </td>
      <td>{engineLabel(k.engine)}</td>
      <td>{where}</td>
      <td>{formatNumber(k.answers)}</td>
      <td>{formatDate(k.firstAt)}</td>
      <td>{formatDate(k.lastAt)}</td>
      <td>
        <button
          type="button"
          className="small"
          aria-label={`Open “${k.prompt}” · ${engineLabel(k.engine)} · ${where}`}
          disabled={selected}
          onClick={() => onPick({ prompt: k.prompt, engine: k.engine, country: k.country, state: k.state })}
        >
          {selected ? 'Shown' : 'Open'}
        </button>
      </td>
    </tr>
  );
}
