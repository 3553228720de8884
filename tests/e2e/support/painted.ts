import type { Page } from 'playwright-core';

/**
 * Resolves once the page has painted twice: what a style change (a colour scheme, a class) looks
 * like on screen, for a screenshot. The first frame runs the style and layout work the change
 * queued, the second is drawn after it; a fixed sleep only guessed at that.
 */
export async function painted(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}
