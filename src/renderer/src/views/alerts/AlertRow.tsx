import { ALERT_KIND_LABELS, alertSideLabels, formatAlertSide } from '../../../../shared/alerts/format';
import type { AlertView } from '../../../../shared/alerts/types';
import { formatDateTime } from '../../lib/format';
import { alertWhere } from './alert-format';

interface Props {
  alert: AlertView;
  read: boolean;
  onOpen(alert: AlertView): void;
  onMarkRead(alert: AlertView): void;
}

/** One alert in the list: what changed, where, before → after with n and interval. Text is inert. */
export function AlertRow({ alert, read, onOpen, onMarkRead }: Props) {
  const [beforeLabel, afterLabel] = alertSideLabels(alert.kind);
  const canDiff = alert.beforeResultId !== null && alert.afterResultId !== null;
  return (
    <div className={read ? 'alert-row' : 'alert-row unread'} data-kind={alert.kind}>
      <div className="alert-row-head">
        {!read && (
          <span className="unread-dot" aria-label="Unread" role="img">
            ●
          </span>
        )}
        <span className={`badge alert-kind alert-kind-${alert.kind}`}>{ALERT_KIND_LABELS[alert.kind]}</span>
        <strong className="alert-summary" title={alert.summary}>
          {alert.summary}
        </strong>
        <span className="row-action row tight">
          <button
            type="button"
            className="small"
            tabIndex={-1}
            disabled={!canDiff}
            title={canDiff ? undefined : 'One of the two answers is no longer stored'}
            onClick={(e) => {
              e.stopPropagation();
              onOpen(alert);
            }}
          >
            Open diff
          </button>
          {!read && (
            <button
              type="button"
              className="small"
              tabIndex={-1}
              aria-label={`Mark read: ${alert.summary}`}
              onClick={(e) => {
                e.stopPropagation();
                onMarkRead(alert);
              }}
            >
              Mark read
            </button>
          )}
        </span>
      </div>
      <div className="muted small alert-where">
        {alert.monitorName} · {alertWhere(alert)} · {formatDateTime(alert.createdAt)}
      </div>
      <div className="small alert-sides">
        {beforeLabel} <span className="alert-side">{formatAlertSide(alert.kind, alert.before)}</span> →{' '}
        {afterLabel} <span className="alert-side">{formatAlertSide(alert.kind, alert.after)}</span>
      </div>
    </div>
  );
}
