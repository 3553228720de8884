import type { ReactNode } from 'react';
import { Empty, ErrorState, Loading } from '../../components/StatusStates';
import type { PanelState } from '../../stores/visibility-store';

/**
 * One panel of the Visibility view with its own loading, error and empty states: it shows
 * its last answer while a newer one loads (marked "Updating…"), never a blank box.
 */
export function Panel<T extends { empty: string | null }>({
  id,
  title,
  state,
  onRetry,
  actions,
  className,
  children,
}: {
  id: string;
  title: string;
  state: PanelState<T>;
  onRetry(): void;
  actions?: ReactNode;
  className?: string;
  children(data: T): ReactNode;
}) {
  const { data, loading, error } = state;
  return (
    <section
      className={`panel vis-panel ${className ?? ''}`}
      aria-labelledby={`${id}-heading`}
      aria-busy={loading}
    >
      <header className="vis-panel-header">
        <h2 id={`${id}-heading`}>{title}</h2>
        {loading && data && (
          <span className="muted small" role="status">
            Updating…
          </span>
        )}
        {actions && <div className="vis-panel-actions">{actions}</div>}
      </header>
      {error && <ErrorState error={error} onRetry={onRetry} />}
      {!error && !data && <Loading />}
      {!error && data && data.empty !== null && <Empty>{data.empty}</Empty>}
      {!error && data && data.empty === null && children(data)}
    </section>
  );
}
