import type { InvokeInput } from '../../../../shared/ipc/contract';
import type { SettingsView } from '../../../../shared/ipc/channels/settings';

// Settings → Team sync: how far back this desktop pulls teammates' runs (the history stays small
// while the team's grows). The same setting is `parallax sync`'s default for --since.

export function SyncWindowPanel({
  settings,
  save,
}: {
  settings: SettingsView;
  save: (patch: InvokeInput<'settings.update'>) => Promise<void>;
}) {
  return (
    <div className="panel">
      <h2 id="sync-window-heading">Team sync</h2>
      <label>
        Pull runs of the last … days (empty: everything)
        <input
          type="number"
          min={1}
          max={3650}
          value={settings.syncWindowDays ?? ''}
          aria-describedby="sync-window-hint"
          onChange={(e) =>
            void save({ syncWindowDays: e.target.value === '' ? null : Number(e.target.value) })
          }
        />
      </label>
      <p id="sync-window-hint" className="hint">
        Older runs stay on the team server and in the histories that have them; widening the window fetches
        them at the next sync.
      </p>
    </div>
  );
}
