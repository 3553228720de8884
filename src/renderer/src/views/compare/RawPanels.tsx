import { useEffect, useState } from 'react';
import { call } from '../../ipc/client';
import { toShownError, type ShownError } from '../../lib/errors';
import { ErrorState, Loading } from '../../components/StatusStates';

/** The stored raw JSON of a result, exactly as the service sent it, as text in a <pre>. */
export function RawJsonPanel({ resultId }: { resultId: string }) {
  const [json, setJson] = useState<string | null>(null);
  const [error, setError] = useState<ShownError | null>(null);
  useEffect(() => {
    let live = true;
    call('results.raw', { resultId }).then(
      (r) => live && setJson(prettyJson(r.json)),
      (e: unknown) => live && setError(toShownError(e)),
    );
    return () => {
      live = false;
    };
  }, [resultId]);
  if (error) return <ErrorState error={error} />;
  if (json === null) return <Loading />;
  return (
    <pre className="raw-json" data-testid="raw-json" tabIndex={0}>
      {json}
    </pre>
  );
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

// The HTML tab (the archived copy of the page) lives in its own file.
export { StoredHtmlPanel } from './StoredHtmlPanel';
