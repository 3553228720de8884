import { useEffect } from 'react';
import { ErrorState } from '../../components/StatusStates';
import { formatDateTime } from '../../lib/format';
import { useFunnelSharingStore } from '../../stores/funnel-sharing-store';

// Settings → What leaves this computer: logs and first-party data stay here; a workspace may
// share its funnel's daily counts with the team server, and only those.

export function FunnelSharingPanel() {
  const { sharing, error, load, set } = useFunnelSharingStore();
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <div className="panel">
      <h2 id="funnel-sharing-heading">What leaves this computer</h2>
      <p>
        <strong>Stays on this computer, always:</strong> the server and CDN logs you import (every line, every
        address), and your Google Analytics, Search Console and Bing rows (every query, every landing page
        row).
      </p>
      <p>
        <strong>Synced with the team, as before:</strong> runs, answers, the library, brands and monitors of
        this workspace.
      </p>
      <label>
        <input
          type="checkbox"
          checked={sharing?.aggregates ?? false}
          disabled={sharing === null}
          aria-describedby="funnel-sharing-hint"
          onChange={(e) => void set(e.target.checked)}
        />{' '}
        Share this workspace’s funnel totals with the team
      </label>
      <p id="funnel-sharing-hint" className="hint">
        Off by default. When on, each sync sends only daily totals per engine and page: crawler hits verified
        as the engine’s, AI-referred sessions and their key events, for the last 400 days. Teammates in this
        workspace can read them; nobody else can. Turning it off removes this computer’s totals from the team
        server at the next sync.
      </p>
      {sharing?.aggregates && (
        <p className="muted small">
          {sharing.pushedAt === null
            ? 'Not sent yet: the next sync sends them.'
            : `Last sent ${formatDateTime(sharing.pushedAt)}.`}
        </p>
      )}
      {error && <ErrorState error={error} />}
    </div>
  );
}
