import { useEffect, useState } from 'react';
import type { TeamStatusView } from '../../../../shared/ipc/channels/team';
import { seedText } from '../../../../shared/seed-text';
import { call } from '../../ipc/client';
import { toShownError, type ShownError } from '../../lib/errors';
import { useToastStore } from '../../stores/toast-store';
import { useWorkspaceStore } from '../../stores/workspace-store';
import { ConfirmButton } from '../../components/ConfirmButton';
import { ErrorState } from '../../components/StatusStates';

// Settings → Team: the team's shared PostgreSQL history. The password is typed here once, goes
// to main in the connect call and on to the OS keychain; it is never shown or sent back.

/** The URL with the password typed apart (the URL field shows none). */
function urlWithPassword(url: string, password: string): string {
  if (password === '') return url.trim();
  const parsed = new URL(url.trim());
  parsed.password = encodeURIComponent(password);
  return parsed.href;
}

function StatusFacts({ status }: { status: TeamStatusView }) {
  // The seeds' ages as of when the status was shown.
  const [shownAt] = useState(Date.now);
  return (
    <dl className="facts" data-testid="team-status">
      <dt>Server</dt>
      <dd>
        {status.server}
        {status.source === 'environment' && ' (from PARALLAX_TEAM_URL)'}
      </dd>
      <dt>Connection</dt>
      <dd>{status.reachable ? status.tls : `Not reachable: ${status.error ?? ''}`}</dd>
      {status.reachable && (
        <>
          <dt>Schema</dt>
          <dd>
            Version {status.schemaVersion} (this Parallax: {status.knownVersion})
          </dd>
          <dt>Signed in as</dt>
          <dd>
            {status.user}
            {status.teamAdmin && ' (team admin)'}
          </dd>
          <dt>Workspaces</dt>
          <dd>
            {status.workspaces.length === 0 ? (
              'None granted yet'
            ) : (
              <ul className="team-workspaces">
                {status.workspaces.map((w) => (
                  <li key={w.slug}>
                    {w.name} ({w.access}): {seedText(w.seed, shownAt)}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </>
      )}
      <dt>Password in</dt>
      <dd>{status.passwordStore ?? '—'}</dd>
    </dl>
  );
}

export function TeamPanel() {
  const push = useToastStore((s) => s.push);
  const reloadWorkspaces = useWorkspaceStore((s) => s.load);
  const [status, setStatus] = useState<TeamStatusView | null>(null);
  const [url, setUrl] = useState('');
  const [password, setPassword] = useState('');
  const [init, setInit] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ShownError | null>(null);

  const run = async (fn: () => Promise<void>): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (err) {
      setError(toShownError(err));
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    let live = true;
    call('team.status', {}).then(
      (next) => live && setStatus(next),
      (err: unknown) => live && setError(toShownError(err)),
    );
    return () => {
      live = false;
    };
  }, []);

  const connect = (e: React.FormEvent): void => {
    e.preventDefault();
    void run(async () => {
      let full: string;
      try {
        full = urlWithPassword(url, password);
      } catch {
        throw new Error('The team URL is not a URL: postgres://ROLE@HOST:PORT/DATABASE');
      }
      const next = await call('team.connect', { url: full, init });
      setStatus(next);
      setPassword('');
      push('success', `Connected to the team server as ${next.user ?? ''}.`);
      await reloadWorkspaces();
    });
  };
  const disconnect = (): Promise<void> =>
    run(async () => {
      setStatus(await call('team.disconnect', {}));
      push('success', 'Disconnected from the team server.');
      await reloadWorkspaces();
    });

  return (
    <div className="panel" aria-labelledby="team-heading">
      <h2 id="team-heading">Team</h2>
      <p>
        A team shares its history on a PostgreSQL server; each teammate connects with a PostgreSQL role of
        their own and sees the workspaces granted to it.
      </p>
      {error && <ErrorState error={error} />}
      {status?.connected && <StatusFacts status={status} />}
      {status?.connected && status.source === 'settings' && (
        <ConfirmButton
          label="Disconnect from the team"
          warning="The connection and its password are forgotten on this machine; the local histories stay."
          confirmLabel="Disconnect"
          onConfirm={disconnect}
          disabled={busy}
        />
      )}
      {status && !status.connected && (
        <form onSubmit={connect} aria-label="Connect to a team server">
          <label>
            Team URL
            <input
              type="text"
              value={url}
              placeholder="postgres://role@db.example.com:5432/parallax?sslmode=verify-full"
              onChange={(e) => setUrl(e.target.value)}
            />
          </label>
          <label>
            Password
            <input
              type="password"
              value={password}
              autoComplete="off"
              onChange={(e) => setPassword(e.target.value)}
            />
          </label>
          <label>
            <input type="checkbox" checked={init} onChange={(e) => setInit(e.target.checked)} /> Create the
            team schema (the team owner, once)
          </label>
          <button type="submit" disabled={busy || url.trim() === ''}>
            Connect
          </button>
        </form>
      )}
    </div>
  );
}
