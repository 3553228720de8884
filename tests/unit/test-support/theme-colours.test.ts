import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Why the e2e suite's axe runs only the colour rules in dark (tests/e2e/axe.ts), and the layout
// checks visit the dark theme only to shoot it (tests/e2e/support/layout-checks.ts): the themes
// must differ in colour only. Every theme value is a light-dark(light, dark) colour in a custom
// property, the forced themes only pick a side (color-scheme), and no style or code reads the
// colour scheme otherwise (a @media (prefers-color-scheme) block or matchMedia could change a
// layout, a name or the DOM in dark, which only the other rules would see). If this fails,
// either keep the theme to colours or make tests/e2e/axe.ts run every rule in dark too.

const RENDERER = join(import.meta.dirname, '..', '..', '..', 'src', 'renderer');
const COLOUR = String.raw`(#[0-9a-f]{3,8}|(?:rgb|hsl)a?\([^)]*\)|[a-z]+)`;
const THEME_VALUE = new RegExp(String.raw`^\s*--[\w-]+:\s*light-dark\(${COLOUR},\s*${COLOUR}\);\s*$`, 'i');
const FORCED_THEME = /\[data-theme=[^\]]*\]\s*\{([^}]*)\}/g;

/** The renderer's styles, code and page, comments taken out. */
function rendererSources(): Array<{ file: string; code: string }> {
  return readdirSync(RENDERER, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(css|tsx?|html)$/.test(file) && !/\.test\./.test(file))
    .map((file) => ({
      file,
      code: readFileSync(join(RENDERER, file), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, ''),
    }));
}

/** What in the renderer could make the dark theme differ from the light one in more than colour. */
function themeChangesBeyondColour(sources: Array<{ file: string; code: string }>): string[] {
  const found: string[] = [];
  for (const { file, code } of sources) {
    for (const line of code.split('\n')) {
      if (line.includes('light-dark(') && !THEME_VALUE.test(line)) found.push(`${file}: ${line.trim()}`);
      if (/prefers-color-scheme|matchMedia\(/.test(line)) found.push(`${file}: ${line.trim()}`);
    }
    for (const [rule, body] of code.matchAll(FORCED_THEME))
      if (!/^\s*color-scheme:\s*(light|dark);\s*$/.test(body ?? ''))
        found.push(`${file}: ${rule.replace(/\s+/g, ' ')}`);
  }
  return found;
}

describe('the themes differ in colour only', () => {
  it('in the renderer: light-dark() colours in custom properties, and nothing else reads the scheme', () => {
    const sources = rendererSources();
    expect(sources.some((s) => s.file.endsWith('base.css') && s.code.includes('light-dark('))).toBe(true);
    expect(themeChangesBeyondColour(sources)).toEqual([]);
  });

  it('catches a theme that changes more than a colour', () => {
    const css = (code: string) => [{ file: 'x.css', code }];
    expect(themeChangesBeyondColour(css('  --gap: light-dark(4px, 8px);'))).toHaveLength(1);
    expect(themeChangesBeyondColour(css('  padding: light-dark(#fff, #000);'))).toHaveLength(1);
    expect(
      themeChangesBeyondColour(css('@media (prefers-color-scheme: dark) { .a { display: none; } }')),
    ).toHaveLength(1);
    expect(
      themeChangesBeyondColour(css(":root[data-theme='dark'] { color-scheme: dark; font-size: 16px; }")),
    ).toHaveLength(1);
    expect(
      themeChangesBeyondColour([{ file: 'x.ts', code: "matchMedia('(prefers-color-scheme: dark)')" }]),
    ).toHaveLength(1);
    expect(
      themeChangesBeyondColour(
        css("  --bg: light-dark(#f6f7f9, #101418);\n:root[data-theme='dark'] {\n  color-scheme: dark;\n}"),
      ),
    ).toEqual([]);
  });
});
