import { useState } from 'react';
import type { BrandView } from '../../../../shared/ipc/channels/library';
import { splitList } from '../../lib/tags';
import { useBrandsStore } from '../../stores/brands-store';
import { FormActions } from '../../components/FormActions';

/** Add or edit a brand / competitor with its name variants and domains. */
export function BrandForm({ brand, onDone }: { brand: BrandView | null; onDone(): void }) {
  const save = useBrandsStore((s) => s.save);
  const [name, setName] = useState(brand?.name ?? '');
  const [kind, setKind] = useState<BrandView['kind']>(brand?.kind ?? 'brand');
  const [aliases, setAliases] = useState(brand?.aliases.join(', ') ?? '');
  const [domains, setDomains] = useState(brand?.domains.join(', ') ?? '');

  return (
    <form
      className="panel brand-form"
      aria-label={brand ? `Edit ${brand.name}` : 'New brand'}
      onSubmit={(e) => {
        e.preventDefault();
        void save({
          ...(brand ? { id: brand.id } : {}),
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
        <select value={kind} onChange={(e) => setKind(e.target.value as BrandView['kind'])}>
          <option value="brand">My brand</option>
          <option value="competitor">Competitor</option>
        </select>
      </label>
      <label>
        Variants (comma separated)
        <input
          type="text"
          value={aliases}
          onChange={(e) => setAliases(e.target.value)}
          placeholder="Acme, ACME Corp"
        />
      </label>
      <label>
        Domains (comma separated)
        <input
          type="text"
          value={domains}
          onChange={(e) => setDomains(e.target.value)}
          placeholder="acme.com"
        />
      </label>
      <FormActions saveLabel="Save brand" onCancel={onDone} />
    </form>
  );
}
