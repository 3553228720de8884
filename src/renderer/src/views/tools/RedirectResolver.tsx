import { useState } from 'react';
import { call } from '../../ipc/client';
import { toShownError, type ShownError } from '../../lib/errors';
import { ExternalLink } from '../../components/ExternalLink';
import { ErrorState } from '../../components/StatusStates';

/** Turns a search result URL into the engine's redirect link (tools.resolveRedirect). */
export function RedirectResolver() {
  const [url, setUrl] = useState('');
  const [result, setResult] = useState<{ url: string; redirectLink: string } | null>(null);
  const [error, setError] = useState<ShownError | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <div className="panel">
      <h2>Redirect link resolver</h2>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          setBusy(true);
          setError(null);
          call('tools.resolveRedirect', { url: url.trim() })
            .then(setResult, (err: unknown) => setError(toShownError(err)))
            .finally(() => setBusy(false));
        }}
      >
        <label>
          URL
          <input
            type="url"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://example.com/page"
            required
          />
        </label>
        <button type="submit" disabled={busy}>
          Resolve
        </button>
      </form>
      {error && <ErrorState error={error} />}
      {result && (
        <p data-testid="redirect-result">
          <code>{result.redirectLink}</code> <ExternalLink href={result.redirectLink}>Open</ExternalLink>
        </p>
      )}
    </div>
  );
}
