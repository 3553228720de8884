import type { PromptSetView, SavedPromptView } from '../../../../shared/ipc/channels/library';
import { shortText } from '../../lib/tags';
import { useSendToCompose } from '../../lib/use-send-to-compose';
import { setPrompts, useLibraryStore } from '../../stores/library-store';
import { ActionsTableHead, DeleteRowButton, RowButton } from '../../components/RowActions';
import { TagList } from './TagList';

const PREVIEW = 3;

/** Prompt sets, each loadable into Compose as a whole. */
export function PromptSetsTable({
  sets,
  prompts,
  onEdit,
}: {
  sets: PromptSetView[];
  prompts: SavedPromptView[];
  onEdit(set: PromptSetView): void;
}) {
  const deleteSet = useLibraryStore((s) => s.deleteSet);
  const send = useSendToCompose();
  return (
    <table className="table" aria-label="Prompt sets">
      <ActionsTableHead columns={['Name', 'Prompts', 'Tags']} />
      <tbody>
        {sets.map((s) => {
          const members = setPrompts(s, prompts);
          return (
            <tr key={s.id}>
              <td>{s.name}</td>
              <td>
                <span>
                  {members.length} prompt{members.length === 1 ? '' : 's'}
                </span>
                {members.length > 0 && (
                  <span className="muted small">
                    {' '}
                    ·{' '}
                    {members
                      .slice(0, PREVIEW)
                      .map((p) => shortText(p.text, 40))
                      .join(' · ')}
                    {members.length > PREVIEW ? ' …' : ''}
                  </span>
                )}
              </td>
              <td>
                <TagList tags={s.tags} />
              </td>
              <td>
                <div className="row actions">
                  <RowButton
                    label={`Use in Compose: set ${s.name}`}
                    disabled={members.length === 0}
                    onClick={() =>
                      send(
                        members.map((p) => p.text),
                        `the set ${s.name}`,
                      )
                    }
                  >
                    Use in Compose
                  </RowButton>
                  <RowButton label={`Edit: set ${s.name}`} onClick={() => onEdit(s)}>
                    Edit
                  </RowButton>
                  <DeleteRowButton
                    label={`Delete set: ${s.name}`}
                    warning={`Delete the set ${s.name}? Its prompts stay in the library.`}
                    onConfirm={() => deleteSet(s.id)}
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
