import { useId, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ENGINES } from '../../../../shared/api/engines';
import type { ShownError } from '../../lib/errors';
import { splitFieldErrors, topField } from '../../lib/field-errors';
import { draftToSpec, useComposeStore } from '../../stores/compose-store';
import { useMonitorsStore } from '../../stores/monitors-store';
import { useNavStore } from '../../stores/nav-store';
import { FieldError, invalidProps } from '../../components/FieldError';
import { ErrorState } from '../../components/StatusStates';

type Field = 'name' | 'cadence' | 'spec';
const fieldOf = (path: string): Field | null => {
  const top = topField(path);
  return top === 'name' || top === 'cadence' || top === 'spec' ? top : null;
};
type CadenceChoice = 'daily' | 'weekly' | 'cron';

/** A new monitor: the run Compose describes now, repeated daily, weekly or on a cron schedule. */
export function MonitorForm({ onDone }: { onDone(): void }) {
  const save = useMonitorsStore((s) => s.save);
  const go = useNavStore((s) => s.go);
  const draft = useComposeStore(
    useShallow((s) => ({
      name: s.name,
      promptsText: s.promptsText,
      engines: s.engines,
      engineOptions: s.engineOptions,
      countries: s.countries,
      states: s.states,
      repeats: s.repeats,
      mode: s.mode,
      priority: s.priority,
      budget: s.budget,
      tags: s.tags,
    })),
  );
  const spec = useMemo(() => draftToSpec(draft), [draft]);
  const locations = [...(spec.countries ?? []), ...(spec.states ?? []).map((s) => `US-${s}`)];
  const specProblems = [
    ...(spec.prompts.length === 0 ? ['Add at least one prompt in Compose.'] : []),
    ...(locations.length === 0 ? ['Choose at least one country or US state in Compose.'] : []),
  ];

  const [name, setName] = useState(draft.name.trim() || (spec.prompts[0] ?? '').slice(0, 200));
  const [choice, setChoice] = useState<CadenceChoice>('daily');
  const [cron, setCron] = useState('');
  const [enabled, setEnabled] = useState(true);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<ShownError | null>(null);
  const id = useId();
  const { byField, rest } = splitFieldErrors(error, fieldOf, { code: 'INVALID_MONITOR', field: 'cadence' });
  const specMessages = [...specProblems, ...(byField.spec ?? [])];
  const cadence = choice === 'cron' ? cron.trim() : choice;
  const ready = name.trim() !== '' && cadence !== '' && specProblems.length === 0 && !saving;

  const submit = async (): Promise<void> => {
    setSaving(true);
    const failed = await save({ name: name.trim(), spec, cadence, enabled });
    setSaving(false);
    setError(failed);
    if (!failed) onDone();
  };

  return (
    <form
      className="panel monitor-form"
      aria-label="New monitor"
      onSubmit={(e) => {
        e.preventDefault();
        if (ready) void submit();
      }}
    >
      {rest && <ErrorState error={rest} />}
      <div className="monitor-spec" id={`${id}-spec`}>
        <h3>Run from Compose</h3>
        <p data-testid="monitor-spec-summary">
          {spec.prompts.length} prompt{spec.prompts.length === 1 ? '' : 's'} ·{' '}
          {spec.engines.map((e) => ENGINES[e].label).join(', ')} · {locations.join(' ') || 'no location'} ·{' '}
          {spec.repeats ?? 1} repeat{(spec.repeats ?? 1) === 1 ? '' : 's'} · {spec.mode}
        </p>
        <FieldError id={`${id}-spec-errors`} messages={specMessages} />
        <button type="button" className="small" onClick={() => go('compose')}>
          Edit in Compose
        </button>
      </div>
      <div className="field-group">
        <label>
          Monitor name
          <input
            type="text"
            value={name}
            onChange={(e) => setName(e.target.value)}
            {...invalidProps(`${id}-name`, byField.name)}
          />
        </label>
        <FieldError id={`${id}-name`} messages={byField.name} />
      </div>
      <div className="field-group">
        <label>
          Cadence
          <select
            value={choice}
            onChange={(e) => setChoice(e.target.value as CadenceChoice)}
            {...(choice !== 'cron' ? invalidProps(`${id}-cadence`, byField.cadence) : {})}
          >
            <option value="daily">Daily</option>
            <option value="weekly">Weekly</option>
            <option value="cron">Custom schedule (cron)</option>
          </select>
        </label>
        {choice !== 'cron' && <FieldError id={`${id}-cadence`} messages={byField.cadence} />}
      </div>
      {choice === 'cron' && (
        <div className="field-group">
          <label>
            Cron expression
            <input
              type="text"
              value={cron}
              onChange={(e) => setCron(e.target.value)}
              placeholder="0 9 * * 1"
              spellCheck={false}
              {...(byField.cadence
                ? invalidProps(`${id}-cadence`, byField.cadence)
                : { 'aria-describedby': `${id}-cron-hint` })}
            />
          </label>
          <FieldError id={`${id}-cadence`} messages={byField.cadence} />
          <span id={`${id}-cron-hint`} className="muted small">
            minute hour day-of-month month weekday, in UTC (0 9 * * 1: Mondays at 09:00)
          </span>
        </div>
      )}
      <label className="inline">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
        Enabled
      </label>
      <div className="row">
        <button type="submit" className="primary" disabled={!ready}>
          {saving ? 'Saving…' : 'Save monitor'}
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
