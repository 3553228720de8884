import type { WebhookDeliveryView } from '../../../../shared/alerts/types';
import { formatDateTime } from '../../lib/format';

/** A webhook's last delivery in a few words: "Delivered (HTTP 200) …", "Failed after 8 attempts: …". */
export function webhookStateText(d: WebhookDeliveryView | null | undefined): string {
  if (!d) return 'No delivery yet';
  const status = d.lastStatus !== null ? ` (HTTP ${d.lastStatus})` : '';
  const when = formatDateTime(d.updatedAt);
  if (d.state === 'delivered') return `Delivered${status} ${when}`;
  const attempts = `${d.attempts} attempt${d.attempts === 1 ? '' : 's'}`;
  if (d.state === 'failed')
    return `Failed after ${attempts}${status} ${when}: ${d.lastError ?? 'no reason given'}`;
  return `Retrying (${attempts} so far${status}), next ${formatDateTime(d.nextAttemptAt)}: ${d.lastError ?? ''}`;
}
