import type { SavedPromptView } from '../../../../shared/ipc/channels/library';
import { formatDateTime } from '../../lib/format';
import { shortText } from '../../lib/tags';
import { useSendToCompose } from '../../lib/use-send-to-compose';
import { useLibraryStore } from '../../stores/library-store';
import { ActionsTableHead, DeleteRowButton, RowButton } from '../../components/RowActions';
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
      <ActionsTableHead columns={['Prompt', 'Tags', 'Saved']} />
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
                  <RowButton label={`Use in Compose: ${short}`} onClick={() => send([p.text], 'the library')}>
                    Use in Compose
                  </RowButton>
                  <RowButton label={`Edit: ${short}`} onClick={() => onEdit(p)}>
                    Edit
                  </RowButton>
                  <DeleteRowButton
                    label={`Delete prompt: ${short}`}
                    warning="Delete this saved prompt? It also leaves the sets that use it. Past runs keep their answers."
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
