import { useState } from 'react';
import type { PromptGrouping, PromptRow, PromptsView } from '../../../../shared/visibility/prompt-types';
import { useVisibilityStore } from '../../stores/visibility-store';
import { ChoiceToggle } from './ChoiceToggle';
import { Panel } from './Panel';
import { PANEL_RESERVE } from './panel-reserve';
import { PromptsTable } from './PromptsTable';

/** "By prompt | By topic". */
function PromptsByToggle() {
  const by = useVisibilityStore((s) => s.promptsBy);
  const setBy = useVisibilityStore((s) => s.setPromptsBy);
  const choices: ReadonlyArray<[PromptGrouping, string]> = [
    ['prompt', 'By prompt'],
    ['topic', 'By topic'],
  ];
  return <ChoiceToggle label="Prompts table: one row per" choices={choices} value={by} onChange={setBy} />;
}

/** '' : every topic; NO_TOPIC: the prompts without one. */
const NO_TOPIC = '\u0000none';

function TopicFilter({
  topics,
  value,
  onChange,
}: {
  topics: string[];
  value: string;
  onChange(v: string): void;
}) {
  return (
    <label className="small">
      Topic{' '}
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">All topics</option>
        {topics.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
        <option value={NO_TOPIC}>No topic</option>
      </select>
    </label>
  );
}

/** The rows of a topic: by prompt, those carrying it; by topic, the topic's own row. */
export function rowsOfTopic(view: PromptsView, topic: string): PromptRow[] {
  if (topic === '') return view.rows;
  if (topic === NO_TOPIC)
    return view.rows.filter((r) => (view.by === 'topic' ? r.key === '' : r.topics.length === 0));
  const t = topic.toLowerCase();
  return view.rows.filter((r) => r.topics.some((x) => x.toLowerCase() === t));
}

/** The focus brand per prompt or topic; a row opens exactly its answers in Compare. */
export function PromptsPanel() {
  const state = useVisibilityStore((s) => s.panels.prompts);
  const refresh = useVisibilityStore((s) => s.refresh);
  const drill = useVisibilityStore((s) => s.drill);
  const [topic, setTopic] = useState('');
  const open = (view: PromptsView, row: PromptRow) => {
    if (view.by === 'prompt') return void drill({ prompt: row.key }, `Answers to “${row.key}”`);
    void drill(
      { topic: row.key },
      row.key === '' ? 'Answers to prompts without a topic' : `Answers to the prompts of topic ${row.key}`,
    );
  };
  return (
    <Panel
      id="vis-prompts"
      title="Prompts"
      state={state}
      onRetry={refresh}
      className="vis-wide"
      reserve={PANEL_RESERVE.prompts}
      actions={
        <>
          <TopicFilter topics={state.data?.topics ?? []} value={topic} onChange={setTopic} />
          <PromptsByToggle />
        </>
      }
    >
      {(view) => {
        const rows = rowsOfTopic(view, topic);
        return rows.length === 0 ? (
          <p className="muted">No prompt of this topic has answers in the period.</p>
        ) : (
          <PromptsTable view={{ ...view, rows }} onOpen={(row) => open(view, row)} />
        );
      }}
    </Panel>
  );
}
