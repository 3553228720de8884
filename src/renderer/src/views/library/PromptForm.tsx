import { useId, useState } from 'react';
import type { SavedPromptView } from '../../../../shared/ipc/channels/library';
import type { ShownError } from '../../lib/errors';
import { splitFieldErrors, topField } from '../../lib/field-errors';
import { splitList } from '../../lib/tags';
import { useLibraryStore } from '../../stores/library-store';
import { FieldError, invalidProps } from '../../components/FieldError';
import { ErrorState } from '../../components/StatusStates';

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
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<ShownError | null>(null);
  const id = useId();
  const { byField, rest } = splitFieldErrors(error, fieldOf);

  const submit = async (): Promise<void> => {
    setSaving(true);
    const failed = await savePrompt({
      ...(prompt ? { id: prompt.id } : {}),
      text: text.trim(),
      tags: splitList(tags),
    });
    setSaving(false);
    setError(failed);
    if (failed) return;
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
      <div className="field-group grow">
        <label>
          Prompt
          <input
            type="text"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="best running shoes for flat feet"
            {...invalidProps(`${id}-text`, byField.text)}
          />
        </label>
        <FieldError id={`${id}-text`} messages={byField.text} />
      </div>
      <div className="field-group">
        <label>
          Tags (comma separated)
          <input
            type="text"
            value={tags}
            onChange={(e) => setTags(e.target.value)}
            placeholder="shoes, q3"
            {...invalidProps(`${id}-tags`, byField.tags)}
          />
        </label>
        <FieldError id={`${id}-tags`} messages={byField.tags} />
      </div>
      <div className="row">
        <button type="submit" className="primary" disabled={text.trim() === '' || saving}>
          {saving ? 'Saving…' : 'Save prompt'}
        </button>
        {prompt && (
          <button type="button" onClick={onDone}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
