import type { ReactNode } from 'react';
import { Empty, ErrorState, Loading } from '../../components/StatusStates';
import type { PanelState } from '../../stores/visibility-store';

/**
 * One panel of the Visibility view with its own loading, error and empty states: it shows
 * its last answer while a newer one loads (marked "Updating…"), never a blank box. Before its
 * first answer it holds the room its content will take (`skeleton`, or `reserve` pixels), so
 * panels filling in one by one do not push the others down the screen.
 */
export function Panel<T extends { empty: string | null }>({
  id,
  title,
  state,
  onRetry,
  actions,
  className,
  skeleton,
  reserve,
  children,
}: {
  id: string;
  title: string;
  state: PanelState<T>;
  onRetry(): void;
  actions?: ReactNode;
  className?: string;
  /** Drawn before the first answer: the content's own layout with placeholders. */
  skeleton?: ReactNode;
  /** Height in px the content is expected to take (when there is no skeleton). */
  reserve?: number;
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
      {!error && !data && (
        <div className="vis-reserve" style={reserve ? { minHeight: reserve } : undefined}>
          {skeleton ? (
            <>
              <p className="visually-hidden" role="status">
                Loading…
              </p>
              {skeleton}
            </>
          ) : (
            <Loading />
          )}
        </div>
      )}
      {!error && data && data.empty !== null && <Empty>{data.empty}</Empty>}
      {!error && data && data.empty === null && children(data)}
    </section>
  );
}
