import { useEffect, useId, useState } from 'react';
import { ALERT_KIND_LABELS } from '../../../../shared/alerts/format';
import { alertRulesSchema, webhookUrlSchema, type AlertRules } from '../../../../shared/alerts/rules';
import { ALERT_KINDS } from '../../../../shared/alerts/types';
import type { MonitorOptionsState } from '../../../../shared/ipc/channels/alerts';
import { call } from '../../ipc/client';
import { errorOf, toShownError, type ShownError } from '../../lib/errors';
import { splitFieldErrors, topField } from '../../lib/field-errors';
import { useFormSave } from '../../lib/use-form-save';
import { FieldError, invalidProps } from '../../components/FieldError';
import { LabeledInput } from '../../components/LabeledInput';
import { FormActions } from '../../components/FormActions';
import { ErrorState, Loading } from '../../components/StatusStates';
import {
  ReportBrandingFields,
  brandingDraftOf,
  brandingOfDraft,
  validateBranding,
  type BrandingDraft,
  type BrandingField,
} from './ReportBrandingFields';
import { webhookStateText } from './webhook-state';

type RuleField = 'positionDelta' | 'jaccardBelow' | 'similarityBelow' | 'trendRuns' | 'trendPoints';
type Field = RuleField | 'webhookUrl' | 'reportDir' | 'reportDays' | BrandingField;

interface Draft {
  kinds: AlertRules['kinds'];
  positionDelta: string;
  jaccardBelow: string;
  similarityBelow: string;
  trendRuns: string;
  /** The trend rule's smallest change, in points (the rule stores a 0–1 fraction). */
  trendPoints: string;
  webhookUrl: string;
  reportDir: string;
  reportDays: string;
  branding: BrandingDraft;
}

function draftOf(o: MonitorOptionsState): Draft {
  return {
    kinds: { ...o.rules.kinds },
    positionDelta: String(o.rules.positionDelta),
    jaccardBelow: String(o.rules.jaccardBelow),
    similarityBelow: String(o.rules.similarityBelow),
    trendRuns: String(o.rules.trendRuns),
    trendPoints: String(Math.round(o.rules.trendMinChange * 1000) / 10),
    webhookUrl: o.webhookUrl ?? '',
    reportDir: o.reportDir ?? '',
    reportDays: o.reportDays === null ? '' : String(o.reportDays),
    branding: brandingDraftOf(o.branding),
  };
}

/** Checks each field on its own (the same schemas main checks), so every problem shows at once. */
function validate(d: Draft): Partial<Record<Field, string[]>> {
  const errors: Partial<Record<Field, string[]>> = validateBranding(d.branding);
  const numberIn = (
    field: Field,
    text: string,
    schema: { safeParse(v: unknown): { success: boolean; error?: { issues: Array<{ message: string }> } } },
  ) => {
    const value = text.trim() === '' ? Number.NaN : Number(text);
    const parsed = schema.safeParse(value);
    if (!parsed.success) errors[field] = [parsed.error?.issues[0]?.message ?? 'Not a valid number'];
  };
  numberIn('positionDelta', d.positionDelta, alertRulesSchema.shape.positionDelta);
  numberIn('jaccardBelow', d.jaccardBelow, alertRulesSchema.shape.jaccardBelow);
  numberIn('similarityBelow', d.similarityBelow, alertRulesSchema.shape.similarityBelow);
  numberIn('trendRuns', d.trendRuns, alertRulesSchema.shape.trendRuns);
  const points = d.trendPoints.trim() === '' ? Number.NaN : Number(d.trendPoints);
  if (!(points >= 0 && points <= 100)) errors.trendPoints = ['Points from 0 to 100'];
  if (d.webhookUrl.trim() !== '') {
    const parsed = webhookUrlSchema.safeParse(d.webhookUrl);
    if (!parsed.success) errors.webhookUrl = [parsed.error.issues[0]?.message ?? 'Not a valid URL'];
  }
  if (d.reportDays.trim() !== '') {
    const n = Number(d.reportDays);
    if (!Number.isInteger(n) || n < 1 || n > 365)
      errors.reportDays = ['A whole number of days from 1 to 365'];
  }
  return errors;
}

const FIELD_OF: Record<string, Field> = {
  rules: 'positionDelta',
  webhookUrl: 'webhookUrl',
  reportDir: 'reportDir',
  reportDays: 'reportDays',
  branding: 'clientName',
};

/** A field a path of main's validation error names ("rules.trendRuns", "branding.accent"). */
function fieldOfPath(path: string): Field | null {
  const rule = /^rules\.(positionDelta|jaccardBelow|similarityBelow|trendRuns|trendMinChange)/.exec(
    path,
  )?.[1];
  if (rule) return rule === 'trendMinChange' ? 'trendPoints' : (rule as RuleField);
  const brand = /^branding\.(clientName|reportSubject|accent|logo)/.exec(path)?.[1];
  if (brand) return brand as BrandingField;
  return FIELD_OF[topField(path)] ?? null;
}

/** A monitor's change alerts: which rules fire, their thresholds, the webhook and the report folder. */
export function MonitorOptionsForm({
  monitorId,
  monitorName,
  onDone,
}: {
  monitorId: string;
  monitorName: string;
  onDone(): void;
}) {
  const id = useId();
  const [options, setOptions] = useState<MonitorOptionsState | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [loadError, setLoadError] = useState<ShownError | null>(null);
  const [localErrors, setLocalErrors] = useState<Partial<Record<Field, string[]>>>({});
  const [saved, setSaved] = useState(false);
  const { saving, error, run } = useFormSave();

  useEffect(() => {
    let live = true;
    call('alerts.options', { monitorId })
      .then((o) => {
        if (!live) return;
        setOptions(o);
        setDraft(draftOf(o));
      })
      .catch((e: unknown) => live && setLoadError(toShownError(e)));
    return () => {
      live = false;
    };
  }, [monitorId]);

  if (loadError) return <ErrorState error={loadError} />;
  if (!options || !draft) return <Loading label="Loading alert options…" />;

  const serverErrors = splitFieldErrors<Field>(error, fieldOfPath);
  const messages = (f: Field): string[] | undefined => localErrors[f] ?? serverErrors.byField[f];
  const set = (patch: Partial<Draft>): void => {
    setSaved(false);
    setDraft({ ...draft, ...patch });
  };

  const submit = async (e: React.FormEvent): Promise<void> => {
    e.preventDefault();
    const problems = validate(draft);
    setLocalErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const ok = await run(() =>
      errorOf(async () => {
        const next = await call('alerts.saveOptions', {
          monitorId,
          rules: {
            kinds: draft.kinds,
            positionDelta: Number(draft.positionDelta),
            jaccardBelow: Number(draft.jaccardBelow),
            similarityBelow: Number(draft.similarityBelow),
            trendRuns: Number(draft.trendRuns),
            trendMinChange: Number(draft.trendPoints) / 100,
          },
          webhookUrl: draft.webhookUrl.trim() === '' ? null : draft.webhookUrl.trim(),
          reportDir: draft.reportDir.trim() === '' ? null : draft.reportDir.trim(),
          reportDays: draft.reportDays.trim() === '' ? null : Number(draft.reportDays),
          branding: brandingOfDraft(draft.branding),
        });
        setOptions(next);
        setDraft(draftOf(next));
      }),
    );
    setSaved(ok);
  };

  const chooseFolder = async (): Promise<void> => {
    const { path } = await call(
      'alerts.chooseFolder',
      draft.reportDir ? { defaultPath: draft.reportDir } : {},
    );
    if (path) set({ reportDir: path });
  };

  const numberField = (field: RuleField, label: string, step: string) => (
    <LabeledInput
      errorId={`${id}-${field}`}
      label={label}
      messages={messages(field)}
      input={{ type: 'number', step, value: draft[field], onChange: (e) => set({ [field]: e.target.value }) }}
    />
  );

  return (
    <form
      className="monitor-options aligned-form"
      aria-label={`Alert options: ${monitorName}`}
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <fieldset>
        <legend>Change alerts after each run</legend>
        <div className="rule-list">
          {ALERT_KINDS.map((k) => (
            <label key={k} className="inline">
              <input
                type="checkbox"
                checked={draft.kinds[k]}
                onChange={(e) => set({ kinds: { ...draft.kinds, [k]: e.target.checked } })}
              />
              {ALERT_KIND_LABELS[k]}
            </label>
          ))}
        </div>
        <div className="row">
          {numberField('positionDelta', 'Position moved by at least (places)', '1')}
          {numberField('jaccardBelow', 'Cited domains changed below Jaccard', '0.05')}
          {numberField('similarityBelow', 'Answer changed below similarity', '0.05')}
        </div>
        <div className="row">
          {numberField('trendRuns', 'Steady slide: over the last (runs)', '1')}
          {numberField('trendPoints', 'Steady slide: at least (points)', '1')}
        </div>
        <p className="muted small">
          With repeats, a change is an alert only when the two runs’ 95 % intervals do not overlap. A steady
          slide or rise is tested over the last runs (the alerts guide says how).
        </p>
      </fieldset>
      <fieldset>
        <legend>Webhook</legend>
        <LabeledInput
          grow
          errorId={`${id}-webhookUrl`}
          label="URL (POST with a Slack-compatible “text”; empty for none)"
          messages={messages('webhookUrl')}
          input={{
            type: 'url',
            value: draft.webhookUrl,
            placeholder: 'https://hooks.slack.com/services/…',
            onChange: (e) => set({ webhookUrl: e.target.value }),
          }}
        />
        {options.webhookUrl && (
          <p className="small" data-testid="webhook-state">
            Last delivery: {webhookStateText(options.lastDelivery)}
          </p>
        )}
      </fieldset>
      <fieldset>
        <legend>Client report after each run</legend>
        <div className="row">
          <div className="field-group grow">
            <label>
              Folder (none: no report after runs)
              {/* Read-only: main accepts only a folder picked in its own folder chooser. */}
              <input
                type="text"
                readOnly
                value={draft.reportDir}
                placeholder="none"
                {...invalidProps(`${id}-reportDir`, messages('reportDir'))}
              />
            </label>
            <FieldError id={`${id}-reportDir`} messages={messages('reportDir')} />
          </div>
          <button type="button" onClick={() => void chooseFolder()}>
            Choose folder…
          </button>
          {draft.reportDir && (
            <button type="button" onClick={() => set({ reportDir: '' })}>
              No folder
            </button>
          )}
          <LabeledInput
            errorId={`${id}-reportDays`}
            label="Period (days)"
            messages={messages('reportDays')}
            input={{
              type: 'number',
              min: 1,
              max: 365,
              value: draft.reportDays,
              placeholder: '30',
              onChange: (e) => set({ reportDays: e.target.value }),
            }}
          />
        </div>
      </fieldset>
      <ReportBrandingFields
        id={id}
        draft={draft.branding}
        set={(patch) => set({ branding: { ...draft.branding, ...patch } })}
        messages={messages}
        onLogoError={(logo) => setLocalErrors({ ...localErrors, logo })}
      />
      {serverErrors.rest && <ErrorState error={serverErrors.rest} />}
      {saved && (
        <p role="status" className="small">
          Saved.
        </p>
      )}
      <FormActions saveLabel="Save alert options" saving={saving} onCancel={onDone} />
    </form>
  );
}
