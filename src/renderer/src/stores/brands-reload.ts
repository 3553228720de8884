/**
 * Reloads the brands store when a view already loaded it (after a demo adds or removes its
 * brands, so highlighting everywhere knows them). The store is imported on demand: it carries
 * the brand matcher and its URL parser (tldts), which Visibility's empty state and Settings,
 * where the demo is loaded from, would otherwise pull into their chunks for this one call.
 */
export async function reloadBrandsIfLoaded(): Promise<void> {
  const { useBrandsStore } = await import('./brands-store');
  if (useBrandsStore.getState().brands !== null) await useBrandsStore.getState().load();
}
