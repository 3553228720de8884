import { useId, useState } from 'react';
import type { PromptSuggestionView } from '../../../../shared/ipc/channels/suggestions';
import { ErrorState } from '../../components/StatusStates';
import type { ShownError } from '../../lib/errors';
import { useSuggestionsStore } from '../../stores/suggestions-store';

const LIBRARY = 'library';

/**
 * The one action that tracks a suggestion: into the library under a topic, or into a monitor's
 * prompts. Shown under the suggestion's row once its "Add…" is pressed.
 */
export function SuggestionAddForm({
  suggestion,
  onDone,
}: {
  suggestion: PromptSuggestionView;
  onDone(added: boolean): void;
}) {
  const { monitors, add } = useSuggestionsStore();
  const [where, setWhere] = useState(LIBRARY);
  const [topic, setTopic] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ShownError | null>(null);
  const ids = useId();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const failed = await add(
      suggestion.id,
      where === LIBRARY ? { library: true, topic } : { monitorId: where },
    );
    setBusy(false);
    setError(failed);
    if (!failed) onDone(true);
  };

  return (
    <form
      className="row suggestion-add"
      aria-label={`Add: ${suggestion.text}`}
      onSubmit={(e) => void submit(e)}
    >
      <label htmlFor={`${ids}-where`}>Add to</label>
      <select id={`${ids}-where`} value={where} onChange={(e) => setWhere(e.target.value)}>
        <option value={LIBRARY}>The library</option>
        {monitors.map((m) => (
          <option key={m.id} value={m.id}>
            Monitor: {m.name}
          </option>
        ))}
      </select>
      {where === LIBRARY && (
        <>
          <label htmlFor={`${ids}-topic`}>Topic</label>
          <input
            id={`${ids}-topic`}
            value={topic}
            maxLength={50}
            placeholder="optional"
            onChange={(e) => setTopic(e.target.value)}
          />
        </>
      )}
      <button type="submit" disabled={busy}>
        Add
      </button>
      <button type="button" onClick={() => onDone(false)}>
        Cancel
      </button>
      {error && <ErrorState error={error} />}
    </form>
  );
}
