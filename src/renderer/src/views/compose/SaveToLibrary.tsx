import { useId, useState } from 'react';
import { promptsFromText } from '../../lib/csv-prompts';
import { toShownError, type ShownError } from '../../lib/errors';
import { splitFieldErrors, topField } from '../../lib/field-errors';
import { splitList } from '../../lib/tags';
import { useComposeStore } from '../../stores/compose-store';
import { useLibraryStore } from '../../stores/library-store';
import { FieldError, invalidProps } from '../../components/FieldError';
import { ErrorState } from '../../components/StatusStates';

const fieldOf = (path: string): 'tags' | null => (topField(path) === 'tags' ? 'tags' : null);

/** "Save prompts to library": the prompts of the draft, with optional tags, into the library. */
export function SaveToLibrary() {
  const promptsText = useComposeStore((s) => s.promptsText);
  const savePrompts = useLibraryStore((s) => s.savePrompts);
  const prompts = promptsFromText(promptsText);
  const [open, setOpen] = useState(false);
  const [tags, setTags] = useState('');
  const [saving, setSaving] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<ShownError | null>(null);
  const id = useId();
  const { byField, rest } = splitFieldErrors(error, fieldOf);

  const save = async (): Promise<void> => {
    setSaving(true);
    setError(null);
    try {
      const o = await savePrompts(prompts, splitList(tags));
      const parts = [`${o.added} new`];
      if (o.retagged > 0) parts.push(`${o.retagged} given the tags`);
      if (o.unchanged > 0) parts.push(`${o.unchanged} already saved`);
      setNote(`Saved to the library: ${parts.join(', ')}.`);
      setOpen(false);
      setTags('');
    } catch (err) {
      setError(toShownError(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="save-to-library">
      <div className="row">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={open ? `${id}-form` : undefined}
          disabled={prompts.length === 0}
          onClick={() => {
            setOpen((o) => !o);
            setNote(null);
          }}
        >
          Save prompts to library
        </button>
        {note && (
          <span role="status" className="muted small">
            {note}
          </span>
        )}
      </div>
      {open && (
        <form
          id={`${id}-form`}
          className="row"
          aria-label="Save prompts to library"
          onSubmit={(e) => {
            e.preventDefault();
            if (!saving) void save();
          }}
        >
          <div className="field-group">
            <label>
              Tags for the saved prompts (comma separated)
              <input
                type="text"
                value={tags}
                onChange={(e) => setTags(e.target.value)}
                placeholder="Optional"
                {...invalidProps(`${id}-tags`, byField.tags)}
              />
            </label>
            <FieldError id={`${id}-tags`} messages={byField.tags} />
          </div>
          <button type="submit" className="primary" disabled={saving}>
            {saving ? 'Saving…' : `Save ${prompts.length} prompt${prompts.length === 1 ? '' : 's'}`}
          </button>
          <button type="button" onClick={() => setOpen(false)}>
            Cancel
          </button>
          {rest && <ErrorState error={rest} />}
        </form>
      )}
    </div>
  );
}
