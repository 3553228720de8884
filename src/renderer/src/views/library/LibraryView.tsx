import { useEffect, useState } from 'react';
import type { PromptSetView, SavedPromptView } from '../../../../shared/ipc/channels/library';
import { libraryTags, useLibraryStore } from '../../stores/library-store';
import { Empty, ErrorState, Loading } from '../../components/StatusStates';
import { PromptForm } from './PromptForm';
import { PromptSetForm } from './PromptSetForm';
import { PromptSetsTable } from './PromptSetsTable';
import { PromptsCsvBar } from './PromptsCsvBar';
import { PromptsTable } from './PromptsTable';
import { SuggestionsPanel } from './SuggestionsPanel';

/** Saved prompts and prompt sets with tags; any of them goes into Compose in one click. */
export function LibraryView() {
  const store = useLibraryStore();
  const { load, setTag } = store;
  const [editingPrompt, setEditingPrompt] = useState<SavedPromptView | null>(null);
  const [editingSet, setEditingSet] = useState<PromptSetView | 'new' | null>(null);

  useEffect(() => {
    void load();
  }, [load]);

  const tags = libraryTags(store.prompts, store.sets);
  const sets =
    store.tag === null ? store.sets : (store.sets?.filter((s) => s.tags.includes(store.tag ?? '')) ?? null);
  const firstLoad = store.prompts === null && store.error === null;

  return (
    <section aria-labelledby="library-heading" className="view library">
      <h1 id="library-heading">Library</h1>
      {store.error && <ErrorState error={store.error} onRetry={() => void load()} />}
      {store.actionError && <ErrorState error={store.actionError} />}
      {firstLoad && <Loading />}
      {store.prompts !== null && (
        <>
          <div className="row">
            <label>
              Filter by tag
              <select
                value={store.tag ?? ''}
                onChange={(e) => void setTag(e.target.value === '' ? null : e.target.value)}
              >
                <option value="">All tags</option>
                {tags.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
                {store.tag !== null && !tags.includes(store.tag) && (
                  <option value={store.tag}>{store.tag}</option>
                )}
              </select>
            </label>
            <p className="muted small" role="status">
              {store.prompts.length} saved prompt{store.prompts.length === 1 ? '' : 's'} ·{' '}
              {store.sets?.length ?? 0} set{store.sets?.length === 1 ? '' : 's'}
            </p>
          </div>

          <div className="panel">
            <h2>Saved prompts</h2>
            <PromptsCsvBar />
            {editingPrompt ? (
              <PromptForm
                key={editingPrompt.id}
                prompt={editingPrompt}
                onDone={() => setEditingPrompt(null)}
              />
            ) : (
              <PromptForm key="new" prompt={null} onDone={() => undefined} />
            )}
            {store.shown === null && <Loading />}
            {store.shown?.length === 0 &&
              (store.tag === null ? (
                <Empty>No saved prompts yet. Add one above, or save the prompts of a run from Compose.</Empty>
              ) : (
                <Empty>No saved prompt is tagged “{store.tag}”.</Empty>
              ))}
            {store.shown && store.shown.length > 0 && (
              <PromptsTable prompts={store.shown} onEdit={setEditingPrompt} />
            )}
          </div>

          <SuggestionsPanel />

          <div className="panel">
            <div className="row">
              <h2>Prompt sets</h2>
              <button type="button" onClick={() => setEditingSet('new')} aria-expanded={editingSet === 'new'}>
                New set
              </button>
            </div>
            {editingSet && (
              <PromptSetForm
                key={editingSet === 'new' ? 'new' : editingSet.id}
                set={editingSet === 'new' ? null : editingSet}
                prompts={store.prompts}
                onDone={() => setEditingSet(null)}
              />
            )}
            {sets?.length === 0 &&
              (store.tag === null ? (
                <Empty>No prompt sets yet. A set groups saved prompts you run together.</Empty>
              ) : (
                <Empty>No set is tagged “{store.tag}”.</Empty>
              ))}
            {sets && sets.length > 0 && (
              <PromptSetsTable sets={sets} prompts={store.prompts} onEdit={setEditingSet} />
            )}
          </div>
        </>
      )}
    </section>
  );
}
