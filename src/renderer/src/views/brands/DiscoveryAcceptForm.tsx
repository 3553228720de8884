import type { DiscoveryCandidate } from '../../../../shared/analytics/discovery-types';
import { FormActions } from '../../components/FormActions';
import { useDiscoveryStore } from '../../stores/discovery-store';
import { BrandFields, brandOfDraft, useBrandDraft } from './BrandFields';

/**
 * Accept a discovered name: a brand form prefilled with the proposals (the variants seen as
 * aliases, the domains named after it), all editable before saving.
 */
export function DiscoveryAcceptForm({
  candidate: c,
  onDone,
}: {
  candidate: DiscoveryCandidate;
  onDone(): void;
}) {
  const { accept, busy } = useDiscoveryStore();
  const [draft, change] = useBrandDraft({
    name: c.name,
    kind: 'competitor',
    aliases: c.aliases.filter((a) => a !== c.name).join(', '),
    domains: c.domains
      .filter((d) => d.labelMatch)
      .map((d) => d.domain)
      .join(', '),
  });
  const others = c.domains.filter((d) => !d.labelMatch).map((d) => d.domain);

  return (
    <form
      className="panel brand-form"
      aria-label={`Accept ${c.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        void accept({ key: c.key, ...brandOfDraft(draft) }).then((ok) => ok && onDone());
      }}
    >
      <BrandFields draft={draft} onChange={change} />
      {others.length > 0 && <p className="muted">Also cited with it: {others.join(', ')}</p>}
      <FormActions
        saveLabel={`Save ${draft.name.trim() || 'competitor'}`}
        saving={busy === c.key}
        onCancel={onDone}
      />
    </form>
  );
}
