import axe, {
  type ContextObject,
  type FrameContext,
  type PartialResult,
  type Result,
  type RunOptions,
} from 'axe-core';
import type { Frame, Page } from 'playwright-core';

// axe-core (WCAG 2.1 A/AA and best practices) in light and in dark. In light every rule runs; in
// dark only the rules whose outcome depends on colour. The themes differ in colour only: every
// theme value is a light-dark() colour in a custom property and nothing else reads the colour
// scheme (tests/unit/test-support/theme-colours.test.ts checks the renderer's sources), so in
// dark every other rule sees the same DOM, layout and names, and finds what it found in light.
// Running those twice was most of a minute of axe in the accessibility file (they are about 70%
// of a run's time; color-contrast the rest).
//
// A state without frames (nearly all of them) gets one axe.run in the page, asked for its
// violations only (runWhole, below). A state with frames (a stored page in Compare) gets
// @axe-core/playwright's AxeBuilder.analyze(): axe.runPartial in the page and in every frame it
// finds, axe.finishRun on the results in a blank page of the same browser context, without the
// two costs it pays on every call: it evaluated axe's 560 KB source in the page again, and
// opened, loaded axe into and closed a new blank page (a renderer process) to finish the run.
// Here axe is loaded once into each frame (again only after a navigation) and the blank page is
// opened once per page and kept.

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/** The rules the dark theme can change: contrast of text, and of links against their text. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

export interface AxeFinding {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/** As AxeBuilder configures every frame it loads axe into (cross-origin frames left to runPartial). */
const CONFIGURE = `axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } });`;

type AxeWindow = Window & { axe?: typeof axe; partialResults?: string };

/** Loads axe into a frame unless it is already there (a navigation or reload clears it). */
async function ensureAxe(frame: Frame): Promise<void> {
  const loaded = await frame.evaluate(() => typeof (window as AxeWindow).axe?.runPartial === 'function');
  if (loaded) return;
  await frame.evaluate(axe.source);
  await frame.evaluate(CONFIGURE);
}

/** axe.runPartial in a frame and, depth first, in every frame axe finds in it (AxeBuilder's order). */
async function runPartials(
  frame: Frame,
  context: ContextObject,
  options: RunOptions,
): Promise<Array<PartialResult | null>> {
  const frameContexts = await frameContextsOf(frame, context);
  const own = frame.evaluate(
    (text) => {
      const { c, o } = JSON.parse(text) as { c: ContextObject; o: RunOptions };
      return (window as AxeWindow).axe!.runPartial(c, o);
    },
    JSON.stringify({ c: context, o: options }),
  );
  const children: Array<Array<PartialResult | null>> = [];
  for (const { frameSelector, frameContext } of frameContexts) {
    let child: Array<PartialResult | null> = [null];
    try {
      const handle = await frame.evaluateHandle(
        (selector) => (window as AxeWindow).axe!.utils.shadowSelect(selector),
        frameSelector,
      );
      const childFrame = await handle.asElement()?.contentFrame();
      if (childFrame) child = await runPartials(childFrame, frameContext as ContextObject, options);
    } catch {
      // As AxeBuilder: a frame axe cannot enter counts as a frame without results.
    }
    children.push(child);
  }
  return [await own, ...children.flat(1)];
}

/** The blank page each app page's runs are finished in, opened on its first run and kept. */
const finishers = new WeakMap<Page, Promise<Page>>();

function finisherOf(page: Page): Promise<Page> {
  let finisher = finishers.get(page);
  if (!finisher) {
    finisher = page
      .context()
      .newPage()
      .then(async (blank) => {
        await blank.evaluate(axe.source);
        await blank.evaluate(CONFIGURE);
        return blank;
      });
    finishers.set(page, finisher);
  }
  return finisher;
}

/** The frames axe finds in a frame's part of the context (none on most of the app's states). */
async function frameContextsOf(frame: Frame, context: ContextObject): Promise<FrameContext[]> {
  await ensureAxe(frame);
  // As JSON text both ways: Playwright's argument and result types cannot follow axe's types.
  return JSON.parse(
    await frame.evaluate(
      (text) =>
        JSON.stringify((window as AxeWindow).axe!.utils.getFrameContexts(JSON.parse(text) as ContextObject)),
      JSON.stringify(context),
    ),
  ) as FrameContext[];
}

/**
 * The violations of one axe.run in a page without frames: what runPartial + finishRun find
 * there (axe's contract: the two are one run split in parts), without serialising every node
 * every rule passed. runPartial writes each passing node's selector, ancestry, XPath and HTML
 * out for finishRun to merge across frames; with `resultTypes: ['violations']` axe.run keeps one
 * node per passed rule and describes only the nodes that fail. On the Visibility view (3,145
 * elements) that was 28-49 s of a run against 6-10 s.
 */
async function runWhole(frame: Frame, context: ContextObject, options: RunOptions): Promise<Result[]> {
  return frame.evaluate(
    async (text) => {
      const { c, o } = JSON.parse(text) as { c: ContextObject; o: RunOptions };
      const results = await (window as AxeWindow).axe!.run(c, o);
      return results.violations;
    },
    JSON.stringify({ c: context, o: { ...options, resultTypes: ['violations'] } }),
  );
}

/**
 * Whether the page holds a frame element at all, in the document or an open shadow root. axe's
 * own search (frameContextsOf) builds a flattened tree of the whole page first, 30-50 ms on the
 * Visibility view, to find none on nearly every state; this asks the DOM, and axe decides (which
 * frames are in the context and visible) only when there is one.
 */
async function holdsFrames(frame: Frame): Promise<boolean> {
  return frame.evaluate(() => {
    const inRoot = (root: Document | ShadowRoot): boolean =>
      root.querySelector('iframe, frame') !== null ||
      [...root.querySelectorAll('*')].some((el) => el.shadowRoot !== null && inRoot(el.shadowRoot));
    return inRoot(document);
  });
}

async function analyze(page: Page, include: readonly string[], options: RunOptions): Promise<Result[]> {
  const context: ContextObject = { include: include.length > 0 ? [...include] : [], exclude: [] };
  const main = page.mainFrame();
  if (!(await holdsFrames(main))) {
    await ensureAxe(main);
    return runWhole(main, context, options);
  }
  if ((await frameContextsOf(main, context)).length === 0) return runWhole(main, context, options);
  // Frames (a stored page in Compare): axe in each, finished together, as AxeBuilder does.
  const partials = await runPartials(main, context, options);
  const blank = await finisherOf(page);
  const results = await blank.evaluate(
    (text) => {
      const { p, o } = JSON.parse(text) as { p: PartialResult[]; o: RunOptions };
      return (window as AxeWindow).axe!.finishRun(p, o);
    },
    JSON.stringify({ p: partials, o: options }),
  );
  return results.violations;
}

/** Serious or critical findings of every rule ('all') or of the colour rules ('colour'). */
export async function seriousFindings(
  page: Page,
  scope: 'all' | 'colour',
  include: readonly string[] = [],
): Promise<AxeFinding[]> {
  const options: RunOptions =
    scope === 'all'
      ? { runOnly: { type: 'tag', values: AXE_TAGS } }
      : { runOnly: { type: 'rule', values: COLOUR_RULES } };
  const violations = await analyze(page, include, options);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
}

/**
 * Serious or critical findings in light (every rule) and in dark (the colour rules), by theme
 * (empty when there are none); the page is left in light.
 */
export async function seriousInBothThemes(
  page: Page,
  include: readonly string[] = [],
): Promise<Record<string, AxeFinding[]>> {
  const found: Record<string, AxeFinding[]> = {};
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    const findings = await seriousFindings(page, theme === 'light' ? 'all' : 'colour', include);
    if (findings.length > 0) found[theme] = findings;
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}
