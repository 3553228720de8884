import { useEffect, useState } from 'react';
import type { JudgeStatusView } from '../../../../shared/ipc/channels/judge';
import {
  DEFAULT_CONCURRENCY,
  MODEL_PROVIDERS,
  modelJudgeConfigSchema,
  type ModelProvider,
} from '../../../../shared/positioning/model-judge-config';
import { judgeAgreementLine } from '../../../../shared/positioning/judge-agreement';
import { call } from '../../ipc/client';
import { toShownError, type ShownError } from '../../lib/errors';
import { useToastStore } from '../../stores/toast-store';
import { ConfirmButton } from '../../components/ConfirmButton';
import { ErrorState } from '../../components/StatusStates';
import { useRescoreDialogStore } from '../../stores/rescore-dialog-store';

// Settings → Positioning judge: which judge the views read (the
// built-in one, or the analyst's model once it has re-scored the archive), and the model judge's
// provider, model, endpoint, prices, budget and concurrency. The key field goes straight to main
// in judge.set and on to the OS keychain; it is cleared after saving and never filled back: main
// only ever returns its masked label. Fields are checked here with the schema main checks again.

interface Draft {
  provider: ModelProvider;
  model: string;
  baseUrl: string;
  apiVersion: string;
  priceIn: string;
  priceOut: string;
  budget: string;
  concurrency: string;
  active: 'builtin' | 'model';
}

const PROVIDER_LABEL: Record<ModelProvider, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  'openai-compatible': 'OpenAI-compatible (Azure, OpenRouter, Ollama, LM Studio)',
};

function draftOf(status: JudgeStatusView): Draft {
  const c = status.config;
  return {
    provider: c?.provider ?? 'openai',
    model: c?.model ?? '',
    baseUrl: c?.baseUrl ?? '',
    apiVersion: c?.apiVersion ?? '',
    priceIn: c ? String(c.priceIn) : '',
    priceOut: c ? String(c.priceOut) : '',
    budget: c?.budget === null || c === null ? '' : String(c.budget),
    concurrency: String(c?.concurrency ?? DEFAULT_CONCURRENCY),
    active: status.active.startsWith('model:') ? 'model' : 'builtin',
  };
}

const num = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));

/** The draft as the settings schema wants it, or the problem of each field. */
function parseDraft(d: Draft) {
  return modelJudgeConfigSchema.safeParse({
    provider: d.provider,
    model: d.model.trim(),
    baseUrl: d.baseUrl.trim() === '' ? null : d.baseUrl.trim(),
    apiVersion: d.apiVersion.trim() === '' ? null : d.apiVersion.trim(),
    priceIn: d.priceIn.trim() === '' ? 0 : num(d.priceIn),
    priceOut: d.priceOut.trim() === '' ? 0 : num(d.priceOut),
    budget: d.budget.trim() === '' ? null : num(d.budget),
    concurrency: num(d.concurrency),
  });
}

function Field(props: {
  label: string;
  name: keyof Draft;
  draft: Draft;
  errors: Record<string, string>;
  set: (name: keyof Draft, value: string) => void;
  type?: string;
  placeholder?: string;
}) {
  const error = props.errors[props.name];
  const id = `judge-${props.name}`;
  return (
    <label htmlFor={id}>
      {props.label}
      <input
        id={id}
        type={props.type ?? 'text'}
        value={props.draft[props.name]}
        placeholder={props.placeholder}
        aria-invalid={error !== undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => props.set(props.name, e.target.value)}
      />
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
    </label>
  );
}

export function PositioningJudgePanel() {
  const push = useToastStore((s) => s.push);
  const [status, setStatus] = useState<JudgeStatusView | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [key, setKey] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<ShownError | null>(null);
  const [busy, setBusy] = useState(false);

  const show = (next: JudgeStatusView): void => {
    setStatus(next);
    setDraft(draftOf(next));
  };
  useEffect(() => {
    let live = true;
    call('judge.status', {}).then(
      (next) => live && show(next),
      (err: unknown) => live && setError(toShownError(err)),
    );
    return () => {
      live = false;
    };
  }, []);

  const set = (name: keyof Draft, value: string): void =>
    setDraft((d) => (d === null ? d : { ...d, [name]: value }));

  const save = async (e: React.FormEvent): Promise<void> => {
    e.preventDefault();
    if (draft === null) return;
    const parsed = parseDraft(draft);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? 'model')] ??= issue.message;
      setErrors(fields);
      return;
    }
    setErrors({});
    setBusy(true);
    setError(null);
    try {
      const next = await call('judge.set', {
        config: parsed.data,
        key: key.trim() === '' ? null : key,
        active: draft.active,
      });
      setKey('');
      show(next);
      push('success', `Model judge saved: ${next.judge?.id ?? ''}.`);
    } catch (err) {
      setError(toShownError(err));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (): Promise<void> => {
    try {
      show((await call('judge.delete', {})).status);
      push('success', 'Model judge and its key deleted; the views read the built-in judge.');
    } catch (err) {
      setError(toShownError(err));
    }
  };

  return (
    <div className="panel" aria-labelledby="judge-heading">
      <h2 id="judge-heading">Positioning judge</h2>
      <p>
        The built-in judge scores every answer offline as it is stored. Your own model can re-score the
        archive (<strong>Re-score history…</strong> here or in the Positioning panel, or{' '}
        <code>parallax positioning rescore --judge model</code>): the answer text and your brand names are
        sent to it, with a cost estimate and your budget checked first.
      </p>
      <p className="muted small" data-testid="judge-agreement">
        {judgeAgreementLine('builtin')}
      </p>
      <p>
        <button
          type="button"
          className="small"
          onClick={() => void useRescoreDialogStore.getState().show(status?.config ? 'model' : 'builtin')}
        >
          Re-score history…
        </button>
      </p>
      {error && <ErrorState error={error} />}
      {status && draft && (
        <form onSubmit={(e) => void save(e)} aria-label="Model judge">
          <fieldset>
            <legend>The views read</legend>
            {(['builtin', 'model'] as const).map((a) => (
              <label key={a} className="inline">
                <input
                  type="radio"
                  name="judge-active"
                  checked={draft.active === a}
                  onChange={() => set('active', a)}
                />
                {a === 'builtin' ? 'The built-in judge' : 'My model judge'}
              </label>
            ))}
          </fieldset>
          <label htmlFor="judge-provider">
            Provider
            <select
              id="judge-provider"
              value={draft.provider}
              onChange={(e) => set('provider', e.target.value)}
            >
              {MODEL_PROVIDERS.map((p) => (
                <option key={p} value={p}>
                  {PROVIDER_LABEL[p]}
                </option>
              ))}
            </select>
          </label>
          <Field
            label="Model"
            name="model"
            draft={draft}
            errors={errors}
            set={set}
            placeholder="gpt-4o-mini"
          />
          <Field
            label="Base URL"
            name="baseUrl"
            draft={draft}
            errors={errors}
            set={set}
            placeholder="http://localhost:11434/v1"
          />
          <Field label="API version (Azure)" name="apiVersion" draft={draft} errors={errors} set={set} />
          <Field
            label="Price per million input tokens (USD)"
            name="priceIn"
            type="number"
            draft={draft}
            errors={errors}
            set={set}
          />
          <Field
            label="Price per million output tokens (USD)"
            name="priceOut"
            type="number"
            draft={draft}
            errors={errors}
            set={set}
          />
          <Field
            label="Budget per re-score (USD, empty: none)"
            name="budget"
            type="number"
            draft={draft}
            errors={errors}
            set={set}
          />
          <Field
            label="Calls at once"
            name="concurrency"
            type="number"
            draft={draft}
            errors={errors}
            set={set}
          />
          <label htmlFor="judge-key">
            API key{' '}
            {status.key.set ? `(stored: ${status.key.masked ?? ''}; leave empty to keep it)` : '(not set)'}
            <input
              id="judge-key"
              type="password"
              autoComplete="off"
              value={key}
              onChange={(e) => setKey(e.target.value)}
            />
          </label>
          <p className="hint" data-testid="judge-key-store">
            Kept in {status.key.backend}.{status.key.warning ? ` ${status.key.warning}` : ''}
          </p>
          <button type="submit" disabled={busy}>
            Save the model judge
          </button>
        </form>
      )}
      {status?.config && (
        <ConfirmButton
          label="Delete the model judge"
          warning="Its settings and key are deleted; its scores stay in the history."
          confirmLabel="Delete"
          onConfirm={remove}
        />
      )}
    </div>
  );
}
