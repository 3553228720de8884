import { useEffect, useState } from 'react';
import type { InvokeOutput } from '../../../../shared/ipc/contract';
import { call } from '../../ipc/client';
import { toShownError, type ShownError } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { ErrorState, Loading } from '../../components/StatusStates';

type ArchivedHtml = InvokeOutput<'results.html'>;

// While a page is still being archived the panel asks again now and then.
const PENDING_POLL_MS = 2_000;

/**
 * The archived copy of a result's page (main downloaded it at ingest, without scripts). It is
 * shown only in a frame whose sandbox has no allow-scripts, and the page carries its own CSP
 * (inline styles and data: images only): it never runs code or reaches the network.
 */
export function StoredHtmlPanel({ resultId }: { resultId: string }) {
  const [index, setIndex] = useState(0);
  const [page, setPage] = useState<ArchivedHtml | null>(null);
  const [error, setError] = useState<ShownError | null>(null);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = (): void => {
      call('results.html', { resultId, index }).then(
        (r) => {
          if (!live) return;
          setPage(r);
          if (r.state === 'pending') timer = setTimeout(load, PENDING_POLL_MS);
        },
        (e: unknown) => live && setError(toShownError(e)),
      );
    };
    load();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [resultId, index]);
  if (error) return <ErrorState error={error} />;
  if (!page) return <Loading />;
  return (
    <div className="stored-html-panel">
      {page.pageCount > 1 && <PagePicker count={page.pageCount} index={index} onPick={setIndex} />}
      <PageBody page={page} />
    </div>
  );
}

function PagePicker({ count, index, onPick }: { count: number; index: number; onPick: (i: number) => void }) {
  return (
    <div className="page-picker" role="group" aria-label="Stored pages">
      {Array.from({ length: count }, (_, i) => (
        <button key={i} type="button" aria-pressed={i === index} onClick={() => onPick(i)}>
          Page {i + 1}
        </button>
      ))}
    </div>
  );
}

function PageBody({ page }: { page: ArchivedHtml }) {
  if (page.state === 'none')
    return <p className="muted">No stored HTML: {page.reason ?? 'not requested for this run'}.</p>;
  if (page.html === null)
    return (
      <p
        className="muted"
        data-testid="page-not-archived"
        role={page.state === 'pending' ? 'status' : undefined}
      >
        {page.state === 'pending' ? page.reason : `Not archived: ${page.reason ?? 'unknown reason'}`}
      </p>
    );
  return (
    <>
      <p className="muted small">
        Archived copy{page.archivedAt ? ` of ${formatDateTime(page.archivedAt)}` : ''}, scripts removed
        {page.url ? (
          <>
            {' '}
            · <span className="page-url">{page.url}</span>
          </>
        ) : null}
      </p>
      <iframe className="stored-html" title="Stored HTML page" sandbox="" srcDoc={page.html} />
    </>
  );
}
