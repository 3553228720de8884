import { useState } from 'react';
import { useLibraryStore } from '../../stores/library-store';

/** Rows named under an import's outcome; the rest are counted. */
const SHOWN_ERRORS = 10;

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What the last import or export did, in words, with the rows an import skipped by line. */
function CsvOutcome() {
  const csv = useLibraryStore((s) => s.csv);
  if (csv === null) return null;
  if ('export' in csv)
    return (
      <p className="muted small" role="status">
        Wrote {plural(csv.export.prompts, 'prompt')} with their topics to {csv.export.path}.
      </p>
    );
  const { created, updated, unchanged, errors } = csv.import;
  return (
    <div role="status">
      <p className="muted small">
        Imported: {created} added, {updated} with new topics, {unchanged} unchanged, {errors.length} skipped.
      </p>
      {errors.length > 0 && (
        <ul className="small" aria-label="Rows skipped">
          {errors.slice(0, SHOWN_ERRORS).map((e) => (
            <li key={`${e.line}-${e.message}`}>
              Line {e.line}: {e.message}
            </li>
          ))}
          {errors.length > SHOWN_ERRORS && <li>… and {errors.length - SHOWN_ERRORS} more.</li>}
        </ul>
      )}
    </div>
  );
}

/**
 * The library's prompts and topics as a CSV file (a prompt column, a topic column; several
 * topics separated by ";"), the file `parallax prompts import|export` reads and writes.
 */
export function PromptsCsvBar() {
  const importCsv = useLibraryStore((s) => s.importCsv);
  const exportCsv = useLibraryStore((s) => s.exportCsv);
  const tag = useLibraryStore((s) => s.tag);
  const [replace, setReplace] = useState(false);
  return (
    <div>
      <div className="row tight">
        <button type="button" onClick={() => void importCsv(replace)}>
          Import CSV…
        </button>
        <label className="inline small">
          <input type="checkbox" checked={replace} onChange={(e) => setReplace(e.target.checked)} />
          Replace the topics of prompts already saved
        </label>
        <button type="button" onClick={() => void exportCsv()}>
          {tag === null ? 'Export CSV…' : `Export “${tag}” as CSV…`}
        </button>
      </div>
      <CsvOutcome />
    </div>
  );
}
