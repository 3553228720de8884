import { useEffect, useState } from 'react';
import { useWorkspaceStore } from '../stores/workspace-store';

/**
 * The client workspace the window shows, at the top of the sidebar: pick another (the app
 * reopens on its history) or create one. Team workspaces not opened on this machine yet are
 * listed too; opening one starts its local history.
 */
export function WorkspaceSwitcher() {
  const { list, error, busy, load, use, create } = useWorkspaceStore();
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');

  useEffect(() => {
    void load();
  }, [load]);

  const current = list?.workspaces.find((w) => w.current);
  const submit = async (e: React.FormEvent): Promise<void> => {
    e.preventDefault();
    if (await create(name)) {
      setAdding(false);
      setName('');
    }
  };

  return (
    <div className="workspace-switcher">
      <label>
        Workspace
        <select
          value={current?.slug ?? ''}
          disabled={busy || !list}
          onChange={(e) => void use(e.target.value)}
        >
          {list?.workspaces.map((w) => (
            <option key={w.slug} value={w.slug}>
              {w.name}
              {w.access === 'viewer' ? ' (read only)' : ''}
              {w.local ? '' : ' (not opened here yet)'}
            </option>
          ))}
        </select>
      </label>
      {adding ? (
        <form onSubmit={(e) => void submit(e)} aria-label="New workspace">
          <input
            aria-label="New workspace name"
            value={name}
            placeholder="Client name"
            onChange={(e) => setName(e.target.value)}
          />
          <button type="submit" disabled={busy || name.trim() === ''}>
            Create
          </button>
          <button type="button" onClick={() => setAdding(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <button type="button" onClick={() => setAdding(true)}>
          New workspace
        </button>
      )}
      {error && (
        <p className="error" role="alert">
          {error.fields.map((f) => f.message).join('; ') || error.message}
        </p>
      )}
      {list?.teamError && <p className="warning">Team workspaces unavailable: {list.teamError}</p>}
    </div>
  );
}
