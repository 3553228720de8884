import { useId, useState } from 'react';
import type { SavedPromptView } from '../../../../shared/ipc/channels/library';
import { splitFieldErrors, topField } from '../../lib/field-errors';
import { splitList } from '../../lib/tags';
import { useFormSave } from '../../lib/use-form-save';
import { useLibraryStore } from '../../stores/library-store';
import { FormActions } from '../../components/FormActions';
import { ErrorState } from '../../components/StatusStates';
import { TextField } from '../../components/TextField';

type Field = 'text' | 'tags';
const fieldOf = (path: string): Field | null => {
  const top = topField(path);
  return top === 'text' || top === 'tags' ? top : null;
};

/** Add a prompt to the library, or edit one (its text and tags). */
export function PromptForm({ prompt, onDone }: { prompt: SavedPromptView | null; onDone(): void }) {
  const savePrompt = useLibraryStore((s) => s.savePrompt);
  const [text, setText] = useState(prompt?.text ?? '');
  const [tags, setTags] = useState(prompt?.tags.join(', ') ?? '');
  const { saving, error, run } = useFormSave();
  const id = useId();
  const { byField, rest } = splitFieldErrors(error, fieldOf);

  const submit = async (): Promise<void> => {
    const saved = await run(() =>
      savePrompt({
        ...(prompt ? { id: prompt.id } : {}),
        text: text.trim(),
        tags: splitList(tags),
      }),
    );
    if (!saved) return;
    if (prompt) onDone();
    else {
      setText('');
      setTags('');
    }
  };

  return (
    <form
      className="library-form"
      aria-label={prompt ? 'Edit prompt' : 'New prompt'}
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim() !== '' && !saving) void submit();
      }}
    >
      {rest && <ErrorState error={rest} />}
      <TextField
        label="Prompt"
        errorId={`${id}-text`}
        value={text}
        onChange={setText}
        messages={byField.text}
        placeholder="best running shoes for flat feet"
        grow
      />
      <TextField
        label="Tags (comma separated)"
        errorId={`${id}-tags`}
        value={tags}
        onChange={setTags}
        messages={byField.tags}
        placeholder="shoes, q3"
      />
      <FormActions
        saveLabel="Save prompt"
        saving={saving}
        disabled={text.trim() === '' || saving}
        onCancel={prompt ? onDone : undefined}
      />
    </form>
  );
}
