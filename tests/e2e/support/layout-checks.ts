import type { Locator, Page } from 'playwright-core';
import { SCREENSHOTS, SHOT_THEMES, type Harness } from '../harness';
import { painted } from './painted';

// What a screenshot cannot assert by itself, measured from the layout: the app frame does not
// scroll (only the main pane does), nothing sticks out sideways, badges stay on one line, and
// a table's last row is drawn (not cut off by a scroll box around it).

export interface FrameState {
  /** How far the window itself is scrolled (must stay 0: the frame never scrolls). */
  scrollY: number;
  /** The page's scrollable height against the window's: equal when nothing overflows the frame. */
  pageHeight: number;
  windowHeight: number;
  /** How far the main pane's content sticks out to the right of it (0: no sideways scroll). */
  mainOverflowX: number;
}

export async function frameState(page: Page): Promise<FrameState> {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    const root = document.scrollingElement ?? document.documentElement;
    return {
      scrollY: window.scrollY,
      pageHeight: root.scrollHeight,
      windowHeight: window.innerHeight,
      mainOverflowX: main ? main.scrollWidth - main.clientWidth : 0,
    };
  });
}

/**
 * Badges (pills) under `scope` whose text was broken onto more than one line, and, within
 * table cells, badges pushed onto a line below the text they follow. Each is "text (reason)".
 */
export async function wrappedBadges(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const out: string[] = [];
    for (const badge of root.querySelectorAll<HTMLElement>('.badge')) {
      if (badge.getClientRects().length === 0) continue;
      const style = getComputedStyle(badge);
      const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.45;
      const box = badge.getBoundingClientRect();
      if (box.height > line * 1.6 + 6) out.push(`${badge.textContent} (broken over lines)`);
      const lead = badge.previousElementSibling as HTMLElement | null;
      if (badge.closest('td, th') && lead) {
        const before = lead.getBoundingClientRect();
        if (box.top >= before.bottom - 2) out.push(`${badge.textContent} (below ${lead.textContent})`);
      }
    }
    return out;
  });
}

/**
 * Cells whose figure ("24 % (23–25 %)", "n = 7,200") was broken over two lines: two of its
 * boxes one below the other (an inline element has a box per piece of text and per child, side
 * by side when it stays on one line).
 */
export async function wrappedFigures(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const out: string[] = [];
    for (const el of root.querySelectorAll<HTMLElement>('.vis-figure, .vis-n, .vis-change')) {
      const boxes = [...el.getClientRects()].filter((r) => r.width > 0);
      const below = boxes.some((a) => boxes.some((b) => b.top >= a.bottom - 2));
      if (below) out.push(el.textContent ?? '');
    }
    return out;
  });
}

/**
 * Whether the last body row of `table` is drawn in full inside every box that clips it (a
 * scroll box with a max height cuts rows off without a sign), once scrolled into the pane.
 */
export async function lastRowVisible(table: Locator): Promise<boolean> {
  const last = table.locator('tbody tr').last();
  await last.scrollIntoViewIfNeeded();
  return last.evaluate((row) => {
    const box = row.getBoundingClientRect();
    for (let el = row.parentElement; el; el = el.parentElement) {
      const style = getComputedStyle(el);
      if (!/(auto|scroll|hidden|clip)/.test(style.overflowY)) continue;
      const clip = el.getBoundingClientRect();
      if (box.bottom > clip.bottom + 1 || box.top < clip.top - 1) return false;
    }
    return box.bottom <= window.innerHeight + 1;
  });
}

/**
 * The page in both themes, light then dark then light again, shot in each when the run saves
 * screenshots (test-results/<name>-light.png, -dark.png: see SCREENSHOTS in ../harness.ts);
 * returns their paths. A run that saves none leaves the page in light and waits for no repaint
 * (SHOT_THEMES says why).
 */
export async function shootBothThemes(h: Harness, name: string): Promise<string[]> {
  const paths: string[] = [];
  for (const theme of SHOT_THEMES) {
    await h.page.emulateMedia({ colorScheme: theme });
    // The theme's repaint (colours are CSS variables; charts redraw their strokes).
    if (SCREENSHOTS) await painted(h.page);
    paths.push(await h.screenshot(`${name}-${theme}`));
  }
  await h.page.emulateMedia({ colorScheme: 'light' });
  return paths;
}

/**
 * Elements under `scope` matching `selector` whose content is cut at their right edge (wider
 * than their box: an ellipsis, or text clipped by overflow), as "text (content px > box px)".
 */
export async function clippedCells(scope: Locator, selector: string): Promise<string[]> {
  return scope.evaluate(
    (root, sel) =>
      [...root.querySelectorAll<HTMLElement>(sel)]
        .filter((el) => el.getClientRects().length > 0 && el.scrollWidth > el.clientWidth + 1)
        .map((el) => `${(el.textContent ?? '').trim()} (${el.scrollWidth} px > ${el.clientWidth} px)`),
    selector,
  );
}

/**
 * Words broken across two lines inside the elements matching `selector` under `scope` (a table
 * squeezed into a narrow column breaks "Empfehlenswert" mid-word): each word's text range must
 * sit on one line. A hyphenated compound may break after a hyphen, as print does
 * ("Preis-Leistungs-" / "Verhältnis"), so each of its parts is a word of its own here.
 */
export async function brokenWords(scope: Locator, selector: string): Promise<string[]> {
  return scope.evaluate((root, sel) => {
    const out: string[] = [];
    for (const cell of root.querySelectorAll<HTMLElement>(sel)) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/[^\s\u002d\u2010]+/gu)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set(
            [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
          );
          if (tops.size > 1) out.push(match[0]);
        }
      }
    }
    return out;
  }, selector);
}

/**
 * How many lines an element's text takes on screen: the most lines any one of its text nodes
 * spans (an element's own box is no guide: a flex item whose text wraps has one box over both
 * lines, and a sign centred beside two lines overlaps them both).
 */
export async function linesOf(el: Locator): Promise<number> {
  return el.evaluate((node) => {
    let most = 0;
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(text);
      // Text hidden for screen readers only (a 1-px box) is not a line on screen.
      const tops = [...range.getClientRects()]
        .filter((r) => r.width > 1 && r.height > 1)
        .map((r) => r.top)
        .sort((a, b) => a - b);
      const lines = tops.filter((top, k) => k === 0 || top - (tops[k - 1] ?? top) > 2).length;
      most = Math.max(most, lines);
    }
    return most;
  });
}

/** Whether two boxes overlap (touching edges do not). */
export function overlap(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * Pixels of `el` hidden inside a scroll box between it and the main pane (which scrolls the
 * view): a table in a box of its own with a max height showed some rows and hid the rest.
 */
export async function hiddenInInnerScroll(el: Locator): Promise<number> {
  return el.evaluate((node) => {
    let hidden = 0;
    for (let box = node.parentElement; box && box.tagName !== 'MAIN'; box = box.parentElement) {
      if (/(auto|scroll|hidden|clip)/u.test(getComputedStyle(box).overflowY))
        hidden = Math.max(hidden, box.scrollHeight - box.clientHeight);
    }
    return hidden;
  });
}
