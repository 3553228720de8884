import { useId, useState } from 'react';
import type { PromptSetView, SavedPromptView } from '../../../../shared/ipc/channels/library';
import { splitFieldErrors, topField } from '../../lib/field-errors';
import { splitList } from '../../lib/tags';
import { useFormSave } from '../../lib/use-form-save';
import { useLibraryStore } from '../../stores/library-store';
import { FieldError } from '../../components/FieldError';
import { FormActions } from '../../components/FormActions';
import { ErrorState } from '../../components/StatusStates';
import { TextField } from '../../components/TextField';

type Field = 'name' | 'promptIds' | 'tags';
const fieldOf = (path: string): Field | null => {
  const top = topField(path);
  return top === 'name' || top === 'promptIds' || top === 'tags' ? top : null;
};

/** Create or edit a prompt set: a name, the saved prompts it holds (in order) and tags. */
export function PromptSetForm({
  set,
  prompts,
  onDone,
}: {
  set: PromptSetView | null;
  prompts: SavedPromptView[];
  onDone(): void;
}) {
  const saveSet = useLibraryStore((s) => s.saveSet);
  const [name, setName] = useState(set?.name ?? '');
  const [tags, setTags] = useState(set?.tags.join(', ') ?? '');
  const [chosen, setChosen] = useState<string[]>(set?.promptIds ?? []);
  const { saving, error, run } = useFormSave();
  const id = useId();
  const { byField, rest } = splitFieldErrors(error, fieldOf);
  const ready = name.trim() !== '' && chosen.length > 0 && !saving;

  const toggle = (promptId: string, on: boolean): void =>
    setChosen((c) => (on ? [...c.filter((x) => x !== promptId), promptId] : c.filter((x) => x !== promptId)));

  const submit = async (): Promise<void> => {
    const saved = await run(() =>
      saveSet({
        ...(set ? { id: set.id } : {}),
        name: name.trim(),
        promptIds: chosen,
        tags: splitList(tags),
      }),
    );
    if (saved) onDone();
  };

  return (
    <form
      className="panel library-form set-form"
      aria-label={set ? `Edit set ${set.name}` : 'New prompt set'}
      onSubmit={(e) => {
        e.preventDefault();
        if (ready) void submit();
      }}
    >
      {rest && <ErrorState error={rest} />}
      <TextField
        label="Set name"
        errorId={`${id}-name`}
        value={name}
        onChange={setName}
        messages={byField.name}
        grow
      />
      <TextField
        label="Tags (comma separated)"
        errorId={`${id}-tags`}
        value={tags}
        onChange={setTags}
        messages={byField.tags}
      />
      <fieldset
        className="set-prompts"
        aria-invalid={byField.promptIds ? true : undefined}
        aria-describedby={byField.promptIds ? `${id}-prompts` : `${id}-count`}
      >
        <legend>Prompts in the set</legend>
        {prompts.length === 0 && <p className="muted">Save prompts first; a set is made of saved prompts.</p>}
        {prompts.map((p) => (
          <label key={p.id} className="inline">
            <input
              type="checkbox"
              checked={chosen.includes(p.id)}
              onChange={(e) => toggle(p.id, e.target.checked)}
            />
            {p.text}
          </label>
        ))}
      </fieldset>
      <p id={`${id}-count`} className="muted small">
        {chosen.length === 0
          ? 'Choose at least one prompt.'
          : `${chosen.length} prompt${chosen.length === 1 ? '' : 's'} chosen`}
      </p>
      <FieldError id={`${id}-prompts`} messages={byField.promptIds} />
      <FormActions saveLabel="Save set" saving={saving} disabled={!ready} onCancel={onDone} />
    </form>
  );
}
