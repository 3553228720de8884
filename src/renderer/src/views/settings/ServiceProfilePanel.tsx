import { useEffect } from 'react';
import { ENGINE_NAMES, type EngineName } from '../../../../shared/api/engines';
import type { ProfileChoice, ProfileView } from '../../../../shared/ipc/channels/profile';
import { FieldError, invalidProps } from '../../components/FieldError';
import { ErrorState, Loading } from '../../components/StatusStates';
import { useProfileStore, type EngineField } from '../../stores/profile-store';

// Settings → Service profile: how the deployment of the service names its engines. One row
// per engine (Parallax's own engine id on the left, stored with every answer), each input
// checked with the shared schema as it is typed; import and export go through main's dialogs.

const TEXT_FIELDS: ReadonlyArray<{ field: EngineField; title: string; hint: string }> = [
  { field: 'label', title: 'Label', hint: 'name shown in the app' },
  { field: 'path', title: 'Path under /v1/monitor/', hint: 'e.g. assistant-a or search/news' },
  { field: 'taskType', title: 'Async taskType', hint: 'e.g. ASSISTANT_A' },
  { field: 'countriesModel', title: 'Countries model', hint: 'empty: no filter' },
  { field: 'baseCost', title: 'Base cost (credits)', hint: 'before add-ons' },
];

const inputId = (engine: EngineName, field: EngineField): string => `profile-${engine}-${field}`;

function EngineRow({ engine }: { engine: EngineName }) {
  const values = useProfileStore((s) => s.draft?.engines[engine]);
  const errors = useProfileStore((s) => s.errors);
  const setField = useProfileStore((s) => s.setEngineField);
  if (!values) return null;
  const cell = (field: EngineField, input: React.ReactNode) => {
    const id = inputId(engine, field);
    return (
      <td key={field}>
        {input}
        <FieldError id={`${id}-error`} messages={messagesOf(errors, `engines.${engine}.${field}`)} />
      </td>
    );
  };
  return (
    <tr>
      <th scope="row">
        <code>{engine}</code>
      </th>
      {TEXT_FIELDS.map(({ field, title }) => {
        const id = inputId(engine, field);
        return cell(
          field,
          <input
            id={id}
            type="text"
            inputMode={field === 'baseCost' ? 'numeric' : undefined}
            aria-label={`${engine} ${title}`}
            value={values[field]}
            onChange={(e) => setField(engine, field, e.target.value)}
            {...invalidProps(`${id}-error`, messagesOf(errors, `engines.${engine}.${field}`))}
          />,
        );
      })}
      {cell(
        'availability',
        <select
          id={inputId(engine, 'availability')}
          aria-label={`${engine} Availability`}
          value={values.availability}
          onChange={(e) => setField(engine, 'availability', e.target.value)}
        >
          <option value="available">available</option>
          <option value="coming-soon">coming soon</option>
        </select>,
      )}
    </tr>
  );
}

function messagesOf(errors: Record<string, string>, field: string): string[] | undefined {
  const message = errors[field];
  return message === undefined ? undefined : [message];
}

function ProfileEditor() {
  const { draft, saved, errors, notice, failure, busy } = useProfileStore();
  const { setName, setRedirectPath, save, reset, importFile, exportFile, load } = useProfileStore();
  if (!draft) return failure ? <ErrorState error={failure} onRetry={() => void load()} /> : <Loading />;
  const invalid = Object.keys(errors).length > 0;
  const wholeErrors = Object.entries(errors).filter(([field]) => field === '' || field === 'engines');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <p className="hint">
        {saved?.isNeutral ? 'In use: the spec’s neutral names.' : `In use: “${saved?.profile.name ?? ''}”.`}{' '}
        Saving the form makes it the profile in use. Every answer stays stored under Parallax’s engine id
        (left column), whatever the deployment calls it.
      </p>
      <label htmlFor="profile-name">Profile name</label>
      <input
        id="profile-name"
        type="text"
        value={draft.name}
        onChange={(e) => setName(e.target.value)}
        {...invalidProps('profile-name-error', messagesOf(errors, 'name'))}
      />
      <FieldError id="profile-name-error" messages={messagesOf(errors, 'name')} />
      <label htmlFor="profile-redirect">Redirect resolver path under /v1/monitor/</label>
      <input
        id="profile-redirect"
        type="text"
        value={draft.redirectPath}
        onChange={(e) => setRedirectPath(e.target.value)}
        {...invalidProps('profile-redirect-error', messagesOf(errors, 'redirectPath'))}
      />
      <FieldError id="profile-redirect-error" messages={messagesOf(errors, 'redirectPath')} />
      <div style={{ overflowX: 'auto' }}>
        <table className="table">
          <caption className="visually-hidden">Engines of the service profile</caption>
          <thead>
            <tr>
              <th scope="col">Engine</th>
              {TEXT_FIELDS.map(({ field, title, hint }) => (
                <th key={field} scope="col" title={hint}>
                  {title}
                </th>
              ))}
              <th scope="col">Availability</th>
            </tr>
          </thead>
          <tbody>
            {ENGINE_NAMES.map((engine) => (
              <EngineRow key={engine} engine={engine} />
            ))}
          </tbody>
        </table>
      </div>
      {wholeErrors.map(([field, message]) => (
        <p key={field} className="field-error">
          {message}
        </p>
      ))}
      {failure && <ErrorState error={failure} />}
      {notice && (
        <p role="status" className="hint">
          {notice}
        </p>
      )}
      <div className="row">
        <button type="submit" className="primary" disabled={busy || invalid}>
          Save profile
        </button>
        <button type="button" onClick={() => void importFile()} disabled={busy}>
          Import…
        </button>
        <button type="button" onClick={() => void exportFile()} disabled={busy || invalid}>
          Export…
        </button>
        <button type="button" onClick={() => void reset()} disabled={busy}>
          Use the spec’s names
        </button>
      </div>
    </form>
  );
}

/** The picker's value for the profile in use. */
const choiceOf = (view: ProfileView): ProfileChoice => view.builtin ?? 'saved';

/**
 * The profile in use, chosen from the built-ins (the spec's names, the live service, the preview
 * of every engine) or the one saved in Settings (imported or edited below).
 */
function ProfilePicker() {
  const saved = useProfileStore((s) => s.saved);
  const busy = useProfileStore((s) => s.busy);
  const choose = useProfileStore((s) => s.choose);
  if (!saved) return null;
  const current = saved.builtins.find((b) => b.id === saved.builtin);
  return (
    <div>
      <label htmlFor="profile-choice">Profile in use</label>
      <select
        id="profile-choice"
        value={choiceOf(saved)}
        disabled={busy}
        onChange={(e) => void choose(e.target.value as ProfileChoice)}
      >
        {saved.builtins.map((b) => (
          <option key={b.id} value={b.id}>
            {b.name}
            {b.preview ? ' (preview)' : ''}
          </option>
        ))}
        {saved.savedName !== null && <option value="saved">Saved: {saved.savedName}</option>}
      </select>
      <p className="hint">
        {current?.description ?? 'The profile saved below (imported or edited).'}
        {saved.preview &&
          ' A preview: it calls engines the spec still lists as coming soon, which only the sandbox answers today.'}
        {saved.detected &&
          ' Picked because the service in Connection answers these engine names; choosing a profile here keeps yours.'}
      </p>
    </div>
  );
}

export function ServiceProfilePanel() {
  const load = useProfileStore((s) => s.load);
  const loaded = useProfileStore((s) => s.draft !== null);
  useEffect(() => {
    if (!loaded) void load();
  }, [load, loaded]);
  return (
    <div className="panel">
      <h2 id="profile-heading">Service profile</h2>
      <ProfilePicker />
      <details>
        <summary>Engine paths, task types, countries models and costs of your deployment</summary>
        <ProfileEditor />
      </details>
    </div>
  );
}
