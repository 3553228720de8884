import { accentSchema, reportBrandingSchema, type ReportBranding } from '../../../../shared/reports/branding';
import { call } from '../../ipc/client';
import { toShownError } from '../../lib/errors';
import { FieldError } from '../../components/FieldError';
import { LabeledInput } from '../../components/LabeledInput';

// The client report's title and look, in a monitor's options: the client's name and the report's
// subject (the report's title, instead of the internal monitor name), a logo and an accent
// colour. The logo is picked in main's open dialog, which reads and sanitises it; the renderer
// only shows the data: URI it gets back (an <img>, never inline SVG).

export type BrandingField = 'clientName' | 'reportSubject' | 'accent' | 'logo';

export interface BrandingDraft {
  clientName: string;
  reportSubject: string;
  accent: string;
  logo: string | null;
}

export function brandingDraftOf(b: ReportBranding): BrandingDraft {
  return {
    clientName: b.clientName ?? '',
    reportSubject: b.reportSubject ?? '',
    accent: b.accent ?? '',
    logo: b.logo,
  };
}

/** What the form saves: blank text is "not set". */
export function brandingOfDraft(d: BrandingDraft): ReportBranding {
  const text = (v: string): string | null => (v.trim() === '' ? null : v.trim());
  return {
    clientName: text(d.clientName),
    reportSubject: text(d.reportSubject),
    accent: text(d.accent),
    logo: d.logo,
  };
}

/** Each branding field checked on its own, with the schema main checks. */
export function validateBranding(d: BrandingDraft): Partial<Record<BrandingField, string[]>> {
  const errors: Partial<Record<BrandingField, string[]>> = {};
  const shape = reportBrandingSchema.shape;
  const check = (field: 'clientName' | 'reportSubject', value: string): void => {
    const parsed = shape[field].safeParse(value);
    if (!parsed.success) errors[field] = [parsed.error.issues[0]?.message ?? 'Not valid'];
  };
  check('clientName', d.clientName);
  check('reportSubject', d.reportSubject);
  if (d.accent.trim() !== '') {
    const parsed = accentSchema.safeParse(d.accent);
    if (!parsed.success) errors.accent = [parsed.error.issues[0]?.message ?? 'Not a colour'];
  }
  return errors;
}

interface Props {
  id: string;
  draft: BrandingDraft;
  set(patch: Partial<BrandingDraft>): void;
  messages(field: BrandingField): string[] | undefined;
  /** A logo main refused (its type or size), shown under the logo. */
  onLogoError(messages: string[]): void;
}

export function ReportBrandingFields({ id, draft, set, messages, onLogoError }: Props) {
  const chooseLogo = async (): Promise<void> => {
    try {
      const { logo } = await call('alerts.chooseLogo', {});
      if (logo) set({ logo });
    } catch (e) {
      onLogoError([toShownError(e).message]);
    }
  };
  const textField = (field: 'clientName' | 'reportSubject', label: string, placeholder: string) => (
    <LabeledInput
      grow
      errorId={`${id}-${field}`}
      label={label}
      messages={messages(field)}
      input={{
        type: 'text',
        value: draft[field],
        placeholder,
        onChange: (e) => set({ [field]: e.target.value }),
      }}
    />
  );
  return (
    <fieldset>
      <legend>Client report: title and look</legend>
      <div className="row">
        {textField('clientName', 'Client name', 'the focus brand’s name')}
        {textField('reportSubject', 'Report subject', 'Visibility in AI answers')}
      </div>
      <div className="row">
        <LabeledInput
          errorId={`${id}-accent`}
          label="Accent colour"
          messages={messages('accent')}
          input={{
            type: 'text',
            value: draft.accent,
            placeholder: '#2456c9',
            onChange: (e) => set({ accent: e.target.value }),
          }}
        />
        <div className="field-group">
          <span>Logo (PNG, JPEG or SVG, at most 256 KB)</span>
          <div className="row tight">
            {draft.logo ? (
              <img className="report-logo-preview" src={draft.logo} alt="Report logo" height={32} />
            ) : (
              <span className="muted small">none</span>
            )}
            <button type="button" onClick={() => void chooseLogo()}>
              Choose logo…
            </button>
            {draft.logo && (
              <button type="button" onClick={() => set({ logo: null })}>
                No logo
              </button>
            )}
          </div>
          <FieldError id={`${id}-logo`} messages={messages('logo')} />
        </div>
      </div>
    </fieldset>
  );
}
