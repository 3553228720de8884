import { useVisibilityStore } from '../../stores/visibility-store';
import { ClientReportButton } from './ClientReportButton';

/** "Client report…" in Visibility, shown when the view's scope is a monitor (its period and focus brand offered). */
export function VisibilityReportButton() {
  const scope = useVisibilityStore((s) => s.filters.scope);
  const period = useVisibilityStore((s) => s.filters.period);
  const brandId = useVisibilityStore((s) => s.filters.brandId);
  const monitors = useVisibilityStore((s) => s.options?.monitors);
  if (scope.kind !== 'monitor') return null;
  const name = monitors?.find((m) => m.id === scope.id)?.name ?? 'this monitor';
  // Keyed by the filters so the form starts from the view's current period each time.
  return (
    <ClientReportButton
      key={`${scope.id}:${JSON.stringify(period)}`}
      monitorId={scope.id}
      monitorName={name}
      viewPeriod={period}
      brandId={brandId}
    />
  );
}
