import { useState } from 'react';
import type { DiscoveryCandidate } from '../../../../shared/analytics/discovery-types';
import { FormActions } from '../../components/FormActions';
import { splitList } from '../../lib/tags';
import { useDiscoveryStore } from '../../stores/discovery-store';

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
  const [name, setName] = useState(c.name);
  const [kind, setKind] = useState<'competitor' | 'brand'>('competitor');
  const [aliases, setAliases] = useState(c.aliases.filter((a) => a !== c.name).join(', '));
  const [domains, setDomains] = useState(
    c.domains
      .filter((d) => d.labelMatch)
      .map((d) => d.domain)
      .join(', '),
  );
  const others = c.domains.filter((d) => !d.labelMatch).map((d) => d.domain);

  return (
    <form
      className="panel brand-form"
      aria-label={`Accept ${c.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        void accept({
          key: c.key,
          name: name.trim(),
          kind,
          aliases: splitList(aliases),
          domains: splitList(domains),
        }).then((ok) => ok && onDone());
      }}
    >
      <label>
        Name
        <input type="text" value={name} onChange={(e) => setName(e.target.value)} required />
      </label>
      <label>
        Kind
        <select value={kind} onChange={(e) => setKind(e.target.value as 'competitor' | 'brand')}>
          <option value="competitor">Competitor</option>
          <option value="brand">My brand</option>
        </select>
      </label>
      <label>
        Variants (comma separated)
        <input type="text" value={aliases} onChange={(e) => setAliases(e.target.value)} />
      </label>
      <label>
        Domains (comma separated)
        <input type="text" value={domains} onChange={(e) => setDomains(e.target.value)} />
      </label>
      {others.length > 0 && <p className="muted">Also cited with it: {others.join(', ')}</p>}
      <FormActions
        saveLabel={`Save ${name.trim() || 'competitor'}`}
        saving={busy === c.key}
        onCancel={onDone}
      />
    </form>
  );
}
