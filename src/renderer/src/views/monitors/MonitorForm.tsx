import { useId, useMemo, useState } from 'react';
import { splitFieldErrors, topField } from '../../lib/field-errors';
import { useFormSave } from '../../lib/use-form-save';
import { draftToSpec, useComposeDraft } from '../../stores/compose-store';
import { useMonitorsStore } from '../../stores/monitors-store';
import { useNavStore } from '../../stores/nav-store';
import { FieldError, invalidProps } from '../../components/FieldError';
import { FormActions } from '../../components/FormActions';
import { ErrorState } from '../../components/StatusStates';
import { TextField } from '../../components/TextField';
import { engineLabel } from '../../lib/engine-label';

type Field = 'name' | 'cadence' | 'spec';

/** The shopping-and-ads option as the monitor's summary says it. */
function commerceWords(option: { shoppingAndAds: boolean; expandProducts?: boolean }): string {
  const parts = [
    ...(option.shoppingAndAds ? ['shopping and ads tracked'] : []),
    ...(option.expandProducts ? ['products expanded'] : []),
  ];
  return parts.join(', ');
}
const fieldOf = (path: string): Field | null => {
  const top = topField(path);
  return top === 'name' || top === 'cadence' || top === 'spec' ? top : null;
};
type CadenceChoice = 'daily' | 'weekly' | 'cron';

/** A new monitor: the run Compose describes now, repeated daily, weekly or on a cron schedule. */
export function MonitorForm({ onDone }: { onDone(): void }) {
  const save = useMonitorsStore((s) => s.save);
  const go = useNavStore((s) => s.go);
  const draft = useComposeDraft();
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
  const { saving, error, run } = useFormSave();
  const id = useId();
  const { byField, rest } = splitFieldErrors(error, fieldOf, { code: 'INVALID_MONITOR', field: 'cadence' });
  const specMessages = [...specProblems, ...(byField.spec ?? [])];
  const cadence = choice === 'cron' ? cron.trim() : choice;
  const ready = name.trim() !== '' && cadence !== '' && specProblems.length === 0 && !saving;

  const submit = async (): Promise<void> => {
    if (await run(() => save({ name: name.trim(), spec, cadence, enabled }))) onDone();
  };

  return (
    <form
      className="panel monitor-form aligned-form"
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
          {spec.engines.map((e) => engineLabel(e)).join(', ')} · {locations.join(' ') || 'no location'} ·{' '}
          {spec.repeats ?? 1} repeat{(spec.repeats ?? 1) === 1 ? '' : 's'} · {spec.mode}
          {spec.commerce && ` · ${commerceWords(spec.commerce)}`}
        </p>
        <FieldError id={`${id}-spec-errors`} messages={specMessages} />
        <button type="button" className="small" onClick={() => go('compose')}>
          Edit in Compose
        </button>
      </div>
      <TextField
        label="Monitor name"
        errorId={`${id}-name`}
        value={name}
        onChange={setName}
        messages={byField.name}
      />
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
      <FormActions saveLabel="Save monitor" saving={saving} disabled={!ready} onCancel={onDone} />
    </form>
  );
}
