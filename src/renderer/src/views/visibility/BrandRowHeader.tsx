import type { VisibilityBrandRef } from '../../../../shared/visibility/types';
import { useVisibilityStore } from '../../stores/visibility-store';

/**
 * A brand's row header in the brand tables: its name opening the answers naming it in Compare,
 * and whether it is the focus brand or a competitor.
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
  return (
    <th scope="row">
      <button
        type="button"
        className="link-button"
        onClick={() => void drill({ brandId, mentioned: true }, `Answers naming ${name}`)}
      >
        {name}
      </button>{' '}
      {brand && <span className={`badge badge-${brand.kind}`}>{focus ? 'focus' : brand.kind}</span>}
      {children}
    </th>
  );
}
