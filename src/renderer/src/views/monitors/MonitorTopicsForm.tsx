import { useState } from 'react';
import { fileUnderTopics } from '../../lib/prompt-topics';
import { splitList } from '../../lib/tags';
import { errorOf, type ShownError } from '../../lib/errors';
import { ErrorState } from '../../components/StatusStates';

/**
 * Files an existing monitor's prompts under topics (their library tags): its past and future
 * answers then count under those topics in Visibility's Prompts panel and `--by topic`.
 */
export function MonitorTopicsForm({
  monitorName,
  prompts,
}: {
  monitorName: string;
  prompts: readonly string[];
}) {
  const [topics, setTopics] = useState('');
  const [filed, setFiled] = useState<string | null>(null);
  const [error, setError] = useState<ShownError | null>(null);
  const list = splitList(topics);
  const submit = async (): Promise<void> => {
    setFiled(null);
    let saved = 0;
    const failed = await errorOf(async () => {
      saved = await fileUnderTopics(prompts, list);
    });
    setError(failed);
    if (failed === null)
      setFiled(
        `${saved} of ${prompts.length} prompt${prompts.length === 1 ? '' : 's'} of ${monitorName} filed under ${list.join(', ')}${saved < prompts.length ? ' (the others had these topics already)' : ''}.`,
      );
  };
  return (
    <div className="row tight">
      <label>
        Topics of its prompts (comma separated)
        <input
          value={topics}
          onChange={(e) => setTopics(e.target.value)}
          placeholder="Buying guides, Trail"
        />
      </label>
      <button type="button" disabled={list.length === 0} onClick={() => void submit()}>
        File under topics
      </button>
      {filed && (
        <p className="muted small" role="status">
          {filed}
        </p>
      )}
      {error && <ErrorState error={error} />}
    </div>
  );
}
