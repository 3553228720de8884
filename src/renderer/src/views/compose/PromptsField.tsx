import { useState } from 'react';
import { promptFileText } from '../../../../shared/domain/prompt-text';
import { promptsFromCsv, promptsFromText } from '../../lib/csv-prompts';
import { useComposeStore } from '../../stores/compose-store';

/** Prompts typed or pasted (one per line) or imported from a CSV file. */
export function PromptsField() {
  const { promptsText, patch, appendPrompts } = useComposeStore();
  const [importNote, setImportNote] = useState<string | null>(null);
  const count = promptsFromText(promptsText).length;

  const onFile = async (file: File | undefined): Promise<void> => {
    if (!file) return;
    // A file that is not text (binary, not UTF-8, control characters) is refused, line named.
    const text = promptFileText(new Uint8Array(await file.arrayBuffer()), file.name);
    if (!text.ok) return setImportNote(`Not imported: ${text.message}.`);
    const prompts = promptsFromCsv(text.text);
    appendPrompts(prompts);
    setImportNote(`Imported ${prompts.length} prompt${prompts.length === 1 ? '' : 's'} from ${file.name}`);
  };

  return (
    <div className="field">
      <label htmlFor="compose-prompts">Prompts (one per line)</label>
      <textarea
        id="compose-prompts"
        rows={5}
        value={promptsText}
        onChange={(e) => patch({ promptsText: e.target.value })}
        placeholder="best running shoes for flat feet"
      />
      <div className="row">
        <span className="muted">
          {count} prompt{count === 1 ? '' : 's'}
        </span>
        <label className="file-button">
          Import CSV
          <input
            type="file"
            accept=".csv,text/csv"
            aria-label="Import prompts from CSV"
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
        </label>
        {importNote && <span role="status">{importNote}</span>}
      </div>
    </div>
  );
}
