import type { Locator, Page } from 'playwright-core';

// Moving around the app as a user does, for the e2e files and the docs' screenshots.

/** Opens a view from the sidebar and waits for its title (each view's h1 carries its name). */
export async function openView(page: Page, view: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Views' })
    .getByRole('button', { name: new RegExp(`^${view}`) })
    .click();
  await page.getByRole('heading', { level: 1, name: view }).waitFor({ timeout: 30_000 });
}

/**
 * Rests the mouse on a chart's middle point, low in its plot (where a tooltip could reach the
 * key under it), and waits for the chart's tooltip (`tooltip`, inside the figure).
 */
export async function hoverLowPoint(page: Page, figure: Locator, tooltip: string): Promise<Locator> {
  const surface = await figure.locator('.recharts-surface').boundingBox();
  if (!surface) throw new Error('no chart');
  await page.mouse.move(surface.x + surface.width * 0.5, surface.y + surface.height * 0.8, { steps: 4 });
  const tip = figure.locator(tooltip);
  await tip.waitFor({ timeout: 10_000 });
  return tip;
}

/** Opens Over time on the picker's first series (the most answers) and returns its mention chart. */
export async function openFirstSeries(page: Page): Promise<Locator> {
  await openView(page, 'Over time');
  await page
    .getByRole('button', { name: /^Open “/u })
    .first()
    .click({ timeout: 30_000 });
  const mention = page.getByRole('figure', { name: 'Mention rate' });
  await mention.waitFor({ timeout: 30_000 });
  return mention;
}
