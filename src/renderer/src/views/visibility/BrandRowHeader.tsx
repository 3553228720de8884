import type { VisibilityBrandRef } from '../../../../shared/visibility/types';
import { useVisibilityStore } from '../../stores/visibility-store';

/**
 * A brand's row header in the brand tables: its name opening the answers naming it in Compare,
 * and a pill for the focus brand and the user's
 * other brands (competitors, most rows, get none).
 */
export function BrandRowHeader({
  brandId,
  brand,
  focus,
  children,
}: {
  brandId: string;
  brand: VisibilityBrandRef | undefined;
  focus: boolean;
  /** More lines under the name (the sample size). */
  children?: React.ReactNode;
}) {
  const drill = useVisibilityStore((s) => s.drill);
  const name = brand?.name ?? brandId;
  // Competitors are most rows: only the focus brand and the user's other brands get a pill.
  const pill = focus ? 'focus' : brand?.kind === 'brand' ? 'your brand' : null;
  return (
    <th scope="row">
      <span className="vis-brand-cell">
        <button
          type="button"
          className="link-button"
          onClick={() => void drill({ brandId, mentioned: true }, `Answers naming ${name}`)}
        >
          {name}
        </button>
        {pill && <span className={`badge badge-${brand?.kind ?? 'brand'}`}>{pill}</span>}
      </span>
      {children}
    </th>
  );
}
