import type { BrandView } from '../../../../shared/ipc/channels/library';
import { useBrandsStore } from '../../stores/brands-store';
import { FormActions } from '../../components/FormActions';
import { BrandFields, brandOfDraft, useBrandDraft } from './BrandFields';

/** Add or edit a brand / competitor with its name variants and domains. */
export function BrandForm({ brand, onDone }: { brand: BrandView | null; onDone(): void }) {
  const save = useBrandsStore((s) => s.save);
  const [draft, change] = useBrandDraft({
    name: brand?.name ?? '',
    kind: brand?.kind ?? 'brand',
    aliases: brand?.aliases.join(', ') ?? '',
    domains: brand?.domains.join(', ') ?? '',
  });

  return (
    <form
      className="panel brand-form"
      aria-label={brand ? `Edit ${brand.name}` : 'New brand'}
      onSubmit={(e) => {
        e.preventDefault();
        void save({ ...(brand ? { id: brand.id } : {}), ...brandOfDraft(draft) }).then(
          (ok) => ok && onDone(),
        );
      }}
    >
      <BrandFields draft={draft} onChange={change} />
      <FormActions saveLabel="Save brand" onCancel={onDone} />
    </form>
  );
}
