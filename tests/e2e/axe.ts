import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

// axe-core (WCAG 2.1 A/AA and best practices) in light and in dark. In light every rule runs; in
// dark only the rules whose outcome depends on colour. The themes differ in colour only: every
// theme value is a light-dark() colour in a custom property and nothing else reads the colour
// scheme (tests/unit/test-support/theme-colours.test.ts checks the renderer's sources), so in
// dark every other rule sees the same DOM, layout and names, and finds what it found in light.
// Running those twice was most of a minute of axe in the accessibility file (they are about 70%
// of a run's time; color-contrast the rest).

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/** The rules the dark theme can change: contrast of text, and of links against their text. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

export interface AxeFinding {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/** Serious or critical findings of every rule ('all') or of the colour rules ('colour'). */
export async function seriousFindings(
  page: Page,
  scope: 'all' | 'colour',
  include: readonly string[] = [],
): Promise<AxeFinding[]> {
  let builder = new AxeBuilder({ page });
  for (const selector of include) builder = builder.include(selector);
  builder = scope === 'all' ? builder.withTags(AXE_TAGS) : builder.withRules(COLOUR_RULES);
  const result = await builder.analyze();
  return result.violations
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
