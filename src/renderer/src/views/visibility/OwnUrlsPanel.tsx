import { useVisibilityStore } from '../../stores/visibility-store';
import { useFocusBrand } from './hooks';
import { Panel } from './Panel';
import { PANEL_RESERVE } from './panel-reserve';
import { UrlTable } from './UrlTable';

/** The focus brand's own pages the engines cite. */
export function OwnUrlsPanel() {
  const state = useVisibilityStore((s) => s.panels.ownUrls);
  const refresh = useVisibilityStore((s) => s.refresh);
  const focus = useFocusBrand();
  const title = focus ? `${focus.name}'s cited pages` : 'Your cited pages';
  return (
    <Panel id="vis-own-urls" title={title} state={state} onRetry={refresh} reserve={PANEL_RESERVE.ownUrls}>
      {(view) => <UrlTable view={view} label={title} />}
    </Panel>
  );
}
