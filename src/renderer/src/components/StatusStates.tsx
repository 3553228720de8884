import type { ShownError } from '../lib/errors';

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p className="muted" role="status" aria-live="polite">
      {label}
    </p>
  );
}

export function Empty({ children }: { children: React.ReactNode }) {
  return <div className="empty">{children}</div>;
}

/** An error with its stable code, per-field messages and request id when there is one. */
export function ErrorState({ error, onRetry }: { error: ShownError; onRetry?: () => void }) {
  return (
    <div role="alert" className="error-state">
      <p>
        <strong className="code">{error.code}</strong> {error.message}
      </p>
      {error.fields.length > 0 && (
        <ul className="field-errors">
          {error.fields.map((f, i) => (
            <li key={`${f.field}-${i}`}>
              <code>{f.field}</code>: {f.message}
            </li>
          ))}
        </ul>
      )}
      {error.requestId && <p className="muted">Request id: {error.requestId}</p>}
      {onRetry && (
        <button type="button" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}
