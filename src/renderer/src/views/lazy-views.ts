import { createElement, lazy, useEffect, useState, type ComponentType, type ReactElement } from 'react';
import type { ViewId } from '../stores/nav-store';
import { VisibilityView } from './visibility/VisibilityView';

// Each view is its own chunk (React.lazy), so a window load parses the shell and the view it
// opens on, not every view with recharts, Markdown, diffing and the URL parser. The chunk of
// the view about to open starts loading as soon as this module runs, in parallel with the
// app's first IPC calls; the others load when the browser is idle afterwards, so switching
// views later never waits on a download. Visibility, the home view, is in the main chunk: the
// window opens on it, and a chunk of its own could only be fetched once the main chunk had run
// (a second round trip before the view can paint; recharts stays a chunk of its own).

type View = ComponentType;
/** A view, or the first-run screen shown before any view. */
export type ScreenId = ViewId | 'first-run';

const LOADERS: Record<ScreenId, () => Promise<View>> = {
  'first-run': () => import('./first-run/FirstRunView').then((m) => m.FirstRunView),
  visibility: () => Promise.resolve(VisibilityView),
  alerts: () => import('./alerts/AlertsView').then((m) => m.AlertsView),
  compose: () => import('./compose/ComposeView').then((m) => m.ComposeView),
  run: () => import('./run-board/RunBoardView').then((m) => m.RunBoardView),
  compare: () => import('./compare/CompareView').then((m) => m.CompareView),
  'over-time': () => import('./over-time/OverTimeView').then((m) => m.OverTimeView),
  brands: () => import('./brands/BrandsView').then((m) => m.BrandsView),
  commerce: () => import('./commerce/CommerceView').then((m) => m.CommerceView),
  funnel: () => import('./funnel/FunnelView').then((m) => m.FunnelView),
  history: () => import('./history/HistoryView').then((m) => m.HistoryView),
  library: () => import('./library/LibraryView').then((m) => m.LibraryView),
  monitors: () => import('./monitors/MonitorsView').then((m) => m.MonitorsView),
  tools: () => import('./tools/ToolsView').then((m) => m.ToolsView),
  settings: () => import('./settings/SettingsView').then((m) => m.SettingsView),
};

const loading = new Map<ScreenId, Promise<View>>();
const loaded = new Map<ScreenId, View>([['visibility', VisibilityView]]);
const chosen = new Map<ScreenId, View>();

/** Starts loading a screen's chunk (once); the same promise its lazy component waits on. */
export function preloadView(id: ScreenId): Promise<View> {
  let pending = loading.get(id);
  if (!pending) {
    pending = LOADERS[id]().then((view) => {
      loaded.set(id, view);
      return view;
    });
    // A failed load is retried by the next caller instead of being remembered.
    pending.catch(() => loading.delete(id));
    loading.set(id, pending);
  }
  return pending;
}

/**
 * The component to render for a screen: the view itself when its chunk is already loaded (no
 * Suspense round trip when switching to a preloaded view), a lazy one otherwise. Chosen once
 * per screen, so a re-render never swaps the component type under a mounted view (a swap
 * would remount it and lose its state).
 */
function screenComponent(id: ScreenId): View {
  let component = chosen.get(id);
  if (!component) {
    component = loaded.get(id) ?? lazy(() => preloadView(id).then((view) => ({ default: view })));
    chosen.set(id, component);
  }
  return component;
}

/**
 * Whether a screen's chunk is in (or failed: the lazy path then shows the error); starts its
 * load. The shell renders a screen only once this is true, so the first view is never a
 * Suspense reveal: React holds a reveal back until 300 ms after the fallback appeared, which
 * cost the Visibility view's first paint those 300 ms when its chunk came in just after the
 * app's first answers.
 */
export function useScreenLoaded(id: ScreenId): boolean {
  const [settled, setSettled] = useState<ScreenId | null>(null);
  const ready = loaded.has(id) || chosen.has(id) || settled === id;
  useEffect(() => {
    if (ready) return;
    let live = true;
    const done = (): void => {
      if (live) setSettled(id);
    };
    preloadView(id).then(done, done);
    return () => {
      live = false;
    };
  }, [id, ready]);
  return ready;
}

/** Renders a screen (inside a Suspense boundary: a chunk not loaded yet suspends). */
export function Screen({ id }: { id: ScreenId }): ReactElement {
  return createElement(screenComponent(id));
}

/** Loads every screen's chunk now (tests that switch views, where a chunk's first load is slow). */
export async function preloadAllViews(): Promise<void> {
  await Promise.all((Object.keys(LOADERS) as ScreenId[]).map(preloadView));
}

/** How long after the first view shows before the other views' chunks are fetched. */
const PRELOAD_DELAY_MS = 3_000;

/** requestIdleCallback where there is one (not in every test DOM). */
function whenIdle(fn: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(fn, { timeout: 2_000 });
  else setTimeout(fn, 0);
}

/**
 * Loads every other view's chunk once the window has settled: after a delay (the first view's
 * own IPC answers and rendering come first), then one chunk per idle period.
 */
export function preloadOtherViewsWhenIdle(current: ViewId): () => void {
  const rest = (Object.keys(LOADERS) as ScreenId[]).filter((id) => id !== current && id !== 'first-run');
  let stopped = false;
  const next = (): void => {
    const id = rest.shift();
    if (id === undefined || stopped) return;
    void preloadView(id)
      .catch(() => undefined)
      .then(() => whenIdle(next));
  };
  const timer = setTimeout(() => whenIdle(next), PRELOAD_DELAY_MS);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
