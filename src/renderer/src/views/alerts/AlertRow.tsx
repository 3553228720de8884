import { useId, useState } from 'react';
import { alertSideLabels, formatAlertSide } from '../../../../shared/alerts/format';
import type { AlertView } from '../../../../shared/alerts/types';
import { SEVERITY_LABELS, alertWhere } from './alert-format';

interface Props {
  alert: AlertView;
  read: boolean;
  onOpen(alert: AlertView): void;
  onMarkRead(alert: AlertView): void;
}

/**
 * One change in a digest: its severity and plain sentence; the statistics (the details line,
 * before → after with n and interval) one click below. Text is inert.
 */
export function AlertRow({ alert, read, onOpen, onMarkRead }: Props) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const [beforeLabel, afterLabel] = alertSideLabels(alert.kind);
  const canDiff = alert.beforeResultId !== null && alert.afterResultId !== null;
  return (
    <li
      className={read ? 'alert-row' : 'alert-row unread'}
      data-kind={alert.kind}
      data-severity={alert.severity}
    >
      <div className="alert-row-head">
        <span className={`badge alert-severity alert-severity-${alert.severity}`}>
          {SEVERITY_LABELS[alert.severity]}
        </span>
        <span className="alert-title">
          {!read && <span className="visually-hidden">Unread: </span>}
          {alert.title}
        </span>
        <span className="row-action row tight">
          <button
            type="button"
            className="small"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen(!open)}
          >
            Details
          </button>
          {canDiff && (
            <button type="button" className="small" onClick={() => onOpen(alert)}>
              Open diff
            </button>
          )}
          {!read && (
            <button
              type="button"
              className="small"
              aria-label={`Mark read: ${alert.title}`}
              onClick={() => onMarkRead(alert)}
            >
              Mark read
            </button>
          )}
        </span>
      </div>
      <div id={detailsId} className="alert-details small muted" hidden={!open}>
        <p>{alert.details}</p>
        <p>
          {alertWhere(alert)} · {beforeLabel}{' '}
          <span className="alert-side">{formatAlertSide(alert.kind, alert.before)}</span> → {afterLabel}{' '}
          <span className="alert-side">{formatAlertSide(alert.kind, alert.after)}</span>
        </p>
      </div>
    </li>
  );
}
