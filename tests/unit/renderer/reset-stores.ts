import { useAlertsStore } from '../../../src/renderer/src/stores/alerts-store';
import { useAnswerFactsStore } from '../../../src/renderer/src/stores/answer-facts-store';
import { useAnswerPositioningStore } from '../../../src/renderer/src/stores/answer-positioning-store';
import { useAppStore } from '../../../src/renderer/src/stores/app-store';
import { useBrandsStore } from '../../../src/renderer/src/stores/brands-store';
import { useCatalogStore } from '../../../src/renderer/src/stores/catalog-store';
import { useCommerceStore } from '../../../src/renderer/src/stores/commerce-store';
import { useFunnelStore } from '../../../src/renderer/src/stores/funnel-store';
import { useFunnelSharingStore } from '../../../src/renderer/src/stores/funnel-sharing-store';
import { useFactsStore } from '../../../src/renderer/src/stores/facts-store';
import { useFactsModelStore } from '../../../src/renderer/src/stores/facts-model-store';
import { useCompareStore } from '../../../src/renderer/src/stores/compare-store';
import { useComposeStore } from '../../../src/renderer/src/stores/compose-store';
import { useDemoStore } from '../../../src/renderer/src/stores/demo-store';
import { useDiscoveryStore } from '../../../src/renderer/src/stores/discovery-store';
import { useLibraryStore } from '../../../src/renderer/src/stores/library-store';
import { useMonitorsStore } from '../../../src/renderer/src/stores/monitors-store';
import { useNavStore } from '../../../src/renderer/src/stores/nav-store';
import { useOverTimeStore } from '../../../src/renderer/src/stores/over-time-store';
import { usePositioningStore } from '../../../src/renderer/src/stores/positioning-store';
import { useRescoreDialogStore } from '../../../src/renderer/src/stores/rescore-dialog-store';
import { useRunBoardStore } from '../../../src/renderer/src/stores/run-board-store';
import { useRunStatusStore } from '../../../src/renderer/src/stores/run-status-store';
import { useSuggestionsStore } from '../../../src/renderer/src/stores/suggestions-store';
import { useSyncStore } from '../../../src/renderer/src/stores/sync-store';
import { useToastStore } from '../../../src/renderer/src/stores/toast-store';
import { useToolsStore } from '../../../src/renderer/src/stores/tools-store';
import { useVisibilityStore } from '../../../src/renderer/src/stores/visibility-store';
import { useWorkspaceStore } from '../../../src/renderer/src/stores/workspace-store';

/** Puts every zustand store back to its initial state (stores are module singletons). */
export function resetStores(): void {
  for (const store of [
    useAlertsStore,
    useAnswerFactsStore,
    useAnswerPositioningStore,
    useAppStore,
    useBrandsStore,
    useCatalogStore,
    useCommerceStore,
    useCompareStore,
    useComposeStore,
    useDemoStore,
    useDiscoveryStore,
    useFunnelStore,
    useFunnelSharingStore,
    useFactsStore,
    useFactsModelStore,
    useLibraryStore,
    useMonitorsStore,
    useNavStore,
    useOverTimeStore,
    usePositioningStore,
    useRescoreDialogStore,
    useRunBoardStore,
    useRunStatusStore,
    useSuggestionsStore,
    useSyncStore,
    useToastStore,
    useToolsStore,
    useVisibilityStore,
    useWorkspaceStore,
  ]) {
    (store as { setState(s: unknown, replace: true): void; getInitialState(): unknown }).setState(
      store.getInitialState(),
      true,
    );
  }
}
