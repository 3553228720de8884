import type { SavedPromptView } from '../../../../shared/ipc/channels/library';
import { formatDateTime } from '../../lib/format';
import { shortText } from '../../lib/tags';
import { useSendToCompose } from '../../lib/use-send-to-compose';
import { useLibraryStore } from '../../stores/library-store';
import { ConfirmButton } from '../../components/ConfirmButton';
import { TagList } from './TagList';

/** The saved prompts the tag filter lets through, each usable in Compose, editable, deletable. */
export function PromptsTable({
  prompts,
  onEdit,
}: {
  prompts: SavedPromptView[];
  onEdit(prompt: SavedPromptView): void;
}) {
  const deletePrompt = useLibraryStore((s) => s.deletePrompt);
  const send = useSendToCompose();
  return (
    <table className="table" aria-label="Saved prompts">
      <thead>
        <tr>
          <th>Prompt</th>
          <th>Tags</th>
          <th>Saved</th>
          <th>
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {prompts.map((p) => {
          const short = shortText(p.text);
          return (
            <tr key={p.id}>
              <td className="prompt-text">{p.text}</td>
              <td>
                <TagList tags={p.tags} />
              </td>
              <td className="nowrap">{formatDateTime(p.createdAt)}</td>
              <td>
                <div className="row actions">
                  <button
                    type="button"
                    className="small"
                    aria-label={`Use in Compose: ${short}`}
                    onClick={() => send([p.text], 'the library')}
                  >
                    Use in Compose
                  </button>
                  <button
                    type="button"
                    className="small"
                    aria-label={`Edit: ${short}`}
                    onClick={() => onEdit(p)}
                  >
                    Edit
                  </button>
                  <ConfirmButton
                    label={`Delete prompt: ${short}`}
                    text="Delete"
                    warning="Delete this saved prompt? It also leaves the sets that use it. Past runs keep their answers."
                    confirmLabel="Delete"
                    onConfirm={() => deletePrompt(p.id)}
                  />
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
