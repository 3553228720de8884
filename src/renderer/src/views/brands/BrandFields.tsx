import { useState } from 'react';
import type { BrandView } from '../../../../shared/ipc/channels/library';
import { splitList } from '../../lib/tags';

/** What the brand fields hold while edited: the lists as the comma-separated text typed. */
export interface BrandDraft {
  name: string;
  kind: BrandView['kind'];
  aliases: string;
  domains: string;
}

/** A brand draft with its setter, from the values the form opens with. */
export function useBrandDraft(initial: BrandDraft): [BrandDraft, (patch: Partial<BrandDraft>) => void] {
  const [draft, setDraft] = useState(initial);
  return [draft, (patch) => setDraft((d) => ({ ...d, ...patch }))];
}

/** The draft as the brand the store saves: name trimmed, lists split. */
export function brandOfDraft(draft: BrandDraft): Pick<BrandView, 'name' | 'kind' | 'aliases' | 'domains'> {
  return {
    name: draft.name.trim(),
    kind: draft.kind,
    aliases: splitList(draft.aliases),
    domains: splitList(draft.domains),
  };
}

/**
 * The fields of a brand (name, kind, variants, domains): one set for adding or editing a brand
 * and for accepting a discovered name, so both save the same shape.
 */
export function BrandFields({
  draft,
  onChange,
}: {
  draft: BrandDraft;
  onChange(patch: Partial<BrandDraft>): void;
}) {
  return (
    <>
      <label>
        Name
        <input type="text" value={draft.name} onChange={(e) => onChange({ name: e.target.value })} required />
      </label>
      <label>
        Kind
        <select value={draft.kind} onChange={(e) => onChange({ kind: e.target.value as BrandView['kind'] })}>
          <option value="brand">My brand</option>
          <option value="competitor">Competitor</option>
        </select>
      </label>
      <label>
        Variants (comma separated)
        <input
          type="text"
          value={draft.aliases}
          onChange={(e) => onChange({ aliases: e.target.value })}
          placeholder="Acme, ACME Corp"
        />
      </label>
      <label>
        Domains (comma separated)
        <input
          type="text"
          value={draft.domains}
          onChange={(e) => onChange({ domains: e.target.value })}
          placeholder="acme.com"
        />
      </label>
    </>
  );
}
