import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWS } from '../../src/renderer/src/stores/nav-store';
import { seriousInBothThemes, type AxeFinding } from './axe';
import { DEMO_BUILD_MS, startHarness, type Harness } from './harness';

// Accessibility of the production renderer over a real history (a 7-day demo built by the real
// run engine against the sandbox, a copy of the shared one: tests/support/demo-history.ts; the
// preview the first-run screen builds, so every view shows every engine; its monitor runs raised
// change alerts):
// - axe-core (WCAG 2.1 A/AA and best practices) on every view, opened from the sidebar once its
//   content has loaded, in light and in dark (in dark the colour rules: ./axe.ts says why): no
//   serious or critical violation. Each scan covers what changed on the page: the first view
//   the whole page (the sidebar, the banner and the document's own rules: title, language,
//   landmarks), every other view its <main> (the frame around it is the same), a dialog, a form
//   or an opened detail itself (the view under it was scanned as a view);
// - keyboard alone composes a prompt, runs it, opens the comparison and reads an alert (its two
//   answers as a diff in Compare): Tab, typing, Enter, the arrows and the app's shortcuts only,
//   no click and no focus() from the test; every Tab stop must show where the focus is.

/**
 * Serious or critical findings in `include` (CSS selectors; the whole page when empty): every
 * rule in light, the colour rules in dark (./axe.ts).
 */
const bothThemes = (include: readonly string[] = []): Promise<Record<string, AxeFinding[]>> =>
  seriousInBothThemes(h.page, include);

/** What a view changes on the page: its <main>, the frame around it is the first view's. */
const VIEW_PART = ['main'];

/** Waits until the view shows no "Loading…" line (at most a few seconds: some views poll). */
async function settled(h: Harness): Promise<void> {
  await h.page
    .waitForFunction(() => !/Loading…/.test(document.querySelector('main')?.textContent ?? ''), undefined, {
      timeout: 10_000,
    })
    .catch(() => undefined);
}

interface Focused {
  tag: string;
  name: string;
  visible: boolean;
}

/** What has the focus: its accessible name as a user hears it, and whether it is drawn. */
async function focused(h: Harness): Promise<Focused> {
  return h.page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'body', name: '', visible: false };
    const style = getComputedStyle(el);
    const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ringed = style.boxShadow !== 'none';
    const labelled = el.getAttribute('aria-label') ?? '';
    const byId = el.id ? (document.querySelector(`label[for="${el.id}"]`)?.textContent ?? '') : '';
    const wrapping = el.closest('label')?.textContent ?? '';
    const name = (labelled || byId || wrapping || el.textContent || '').trim().replace(/\s+/g, ' ');
    return { tag: el.tagName.toLowerCase(), name, visible: outlined || ringed };
  });
}

let h: Harness;

beforeAll(async () => {
  h = await startHarness(
    {},
    { demo: { days: 7, variant: 'preview' }, settings: { defaultCountries: ['US'] } },
  );
  await h.page.getByRole('heading', { level: 1, name: 'Visibility' }).waitFor();
}, DEMO_BUILD_MS);
afterAll(async () => {
  await h?.close();
});

describe('axe-core on every view', () => {
  for (const [i, view] of VIEWS.entries()) {
    it(`${view.label}: no serious or critical violation, light or dark`, async () => {
      const { page } = h;
      await page
        .getByRole('navigation', { name: 'Views' })
        .getByRole('button', { name: new RegExp(`^${view.label}`) })
        .click();
      await page.getByRole('heading', { level: 1, name: view.label }).waitFor();
      await settled(h);
      expect(await bothThemes(i === 0 ? [] : VIEW_PART)).toEqual({});
    });
  }
});

describe('keyboard alone: compose, run, compare, read alerts', () => {
  /** Tab stops where the focus was not drawn. */
  const invisible: string[] = [];

  /** Presses Tab until the focus is on the control named `name` (at most `max` presses). */
  async function tabTo(name: RegExp, max = 80): Promise<void> {
    for (let i = 0; i < max; i++) {
      await h.page.keyboard.press('Tab');
      const f = await focused(h);
      if (!f.visible && f.tag !== 'body') invisible.push(`${f.tag} "${f.name.slice(0, 60)}"`);
      if (name.test(f.name)) return;
    }
    throw new Error(`Tab never reached ${String(name)}`);
  }

  it('composes and runs a prompt, then opens its comparison', async () => {
    const { page } = h;
    await page.keyboard.press('Control+6');
    await page.getByRole('heading', { level: 1, name: 'Compose' }).waitFor();
    await tabTo(/^Prompts \(one per line\)/);
    await page.keyboard.type('best trail running shoes for beginners');
    // A country from the searchable multi-select: type, Enter takes the first match.
    await tabTo(/^Search countries$/);
    await page.keyboard.type('Germany');
    await page.keyboard.press('Enter');
    // Start is enabled once the estimate for this spec is in (debounced; on a busy machine the
    // estimate's IPC round trip can outlast expect.poll's default second).
    await expect
      .poll(() => page.getByRole('button', { name: 'Start run' }).isEnabled(), { timeout: 30_000 })
      .toBe(true);
    await tabTo(/^Start run$/);
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { level: 1, name: 'Run' }).waitFor();
    await expect
      .poll(() => page.locator('.run-summary h2 .status').textContent(), { timeout: 120_000 })
      .toBe('completed');
    await tabTo(/^Open compare$/);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Compare' }).waitFor();
    await expect
      .poll(() => page.locator('main').textContent(), { timeout: 30_000 })
      .toMatch(/best trail running shoes for beginners/);
  });

  it('reads the alerts and opens one as a diff in Compare', async () => {
    const { page } = h;
    await page.keyboard.press('Control+2');
    await page.getByRole('heading', { level: 1, name: 'Alerts' }).waitFor();
    // One card per monitor run, one row per change: Tab reaches a change's "Open diff", Enter
    // opens its two answers in Compare, titled by the change's sentence.
    await page.locator('li.alert-row').first().waitFor({ timeout: 30_000 });
    await tabTo(/^Open diff$/, 200);
    const title = await page.evaluate(
      () => document.activeElement?.closest('li.alert-row')?.querySelector('.alert-title')?.textContent ?? '',
    );
    const sentence = title.replace(/^Unread: /, '').replace(/\.$/, '');
    expect(sentence).toBeTruthy();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Compare' }).waitFor();
    await expect.poll(() => page.locator('main').textContent(), { timeout: 30_000 }).toContain(sentence);
  });

  it('drew the focus at every Tab stop', () => {
    expect(invisible).toEqual([]);
  });
});

describe('axe-core on dialogs, forms and opened states', () => {
  async function openView(label: string): Promise<void> {
    const { page } = h;
    await page
      .getByRole('navigation', { name: 'Views' })
      .getByRole('button', { name: new RegExp(`^${label}`) })
      .click();
    await page.getByRole('heading', { level: 1, name: label }).waitFor();
    await settled(h);
  }

  it('Compare in diff mode', async () => {
    const { page } = h;
    // A change alert's two answers, opened as a diff (a run of one place and its repeats folds
    // into one column, which has nothing to diff).
    await openView('Alerts');
    await page.getByRole('button', { name: 'Open diff' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Compare' }).waitFor();
    await page
      .locator('[data-testid="diff-mode"], [data-testid="diff-stats"]')
      .first()
      .waitFor({ timeout: 30_000 });
    expect(await bothThemes(VIEW_PART)).toEqual({});
    await page.getByRole('button', { name: 'Show side by side' }).click();
  });

  it('the Delete run dialog', async () => {
    const { page } = h;
    await openView('History');
    await page
      .getByRole('button', { name: /^Delete run / })
      .first()
      .click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete run' });
    await dialog.waitFor();
    expect(await bothThemes(['[role="alertdialog"][aria-label="Delete run"]'])).toEqual({});
    await dialog.getByRole('button', { name: 'Keep' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it('the monitor form and the client report form', async () => {
    const { page } = h;
    await openView('Monitors');
    await page.getByRole('button', { name: 'Add monitor from Compose' }).click();
    await page.getByRole('form', { name: 'New monitor' }).waitFor();
    expect(await bothThemes(['form[aria-label="New monitor"]'])).toEqual({});
    await page.getByRole('button', { name: 'Add monitor from Compose' }).click();
    await page
      .getByRole('button', { name: /^Client report: / })
      .first()
      .click();
    const report = page.getByRole('dialog', { name: /^Client report: / });
    await report.waitFor();
    expect(await bothThemes(['form.report-form[role="dialog"]'])).toEqual({});
    await report.getByRole('button', { name: 'Cancel' }).click();
  });

  it('an opened Over time series', async () => {
    const { page } = h;
    await openView('Over time');
    await page
      .getByRole('button', { name: /^Open “/ })
      .first()
      .click();
    await page.getByRole('figure').first().waitFor({ timeout: 30_000 });
    await settled(h);
    expect(await bothThemes(VIEW_PART)).toEqual({});
  });

  it('the Discovered detail and its accept form', async () => {
    const { page } = h;
    await openView('Brands');
    const panel = page.getByRole('region', { name: 'Discovered' });
    const first = panel.getByRole('grid', { name: 'Discovered names' }).getByRole('row').first();
    await first.waitFor({ timeout: 30_000 });
    await first.click();
    const details = page.getByRole('region', { name: /^Details of / });
    await details.waitFor();
    await details.getByRole('heading').first().waitFor();
    // The chosen row (drawn as selected) and its details; the form opens inside the details.
    const opened = ['[role="row"][aria-selected="true"]', 'section.discovery-detail'];
    expect(await bothThemes(opened)).toEqual({});
    await details.getByRole('button', { name: /^Accept .*…$/ }).click();
    const form = page.getByRole('form', { name: /^Accept / });
    await form.waitFor();
    expect(await bothThemes(['section.discovery-detail'])).toEqual({});
    await form.getByRole('button', { name: 'Cancel' }).click();
  });

  it('the welcome screen', async () => {
    const { page } = h;
    // No key and no sandbox: the first-run screen, as a new user sees it. The app stays there
    // (no reload back into Visibility): the axe helper's own test runs next, on this small page.
    await h.core.router.invoke('settings.update', { sandboxMode: false });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Welcome to Parallax' }).waitFor();
    await settled(h);
    expect(await bothThemes()).toEqual({});
  });
});

describe('the axe helper (./axe.ts) itself', () => {
  it('finds violations planted in the page and in a frame, scoped to where they were planted', async () => {
    const { page } = h;
    // A nameless button and grey-on-white text in the page (one axe.run), then the same in a
    // sandboxed frame as Compare shows a stored page (runPartial in each frame, finishRun). On
    // whatever page the tests before left (the welcome screen): what is planted is found, and
    // only it, on any page. axe reads the whole page on every run, so a small one costs least.
    const plant = (withFrame: boolean) =>
      page.evaluate((framed) => {
        const bad = '<button></button><p style="color:#bbb;background:#fff">faint text</p>';
        const box = document.createElement('div');
        box.id = 'axe-planted';
        if (framed) {
          const frame = document.createElement('iframe');
          frame.title = 'Planted page';
          frame.srcdoc = `<!doctype html><html lang="en"><title>t</title><body>${bad}</body></html>`;
          box.append(frame);
        } else box.innerHTML = bad;
        document.body.append(box);
        return framed
          ? new Promise<void>((resolve) => box.firstElementChild!.addEventListener('load', () => resolve()))
          : undefined;
      }, withFrame);
    const unplant = () => page.evaluate(() => document.getElementById('axe-planted')?.remove());
    const ids = (found: Record<string, AxeFinding[]>) =>
      Object.fromEntries(Object.entries(found).map(([theme, f]) => [theme, f.map((x) => x.id).sort()]));
    const expected = { light: ['button-name', 'color-contrast'], dark: ['color-contrast'] };

    await plant(false);
    const inPage = await seriousInBothThemes(page, ['#axe-planted']);
    await unplant();
    expect(ids(inPage)).toEqual(expected);
    expect(inPage['light']?.find((f) => f.id === 'button-name')?.targets).toEqual(['#axe-planted > button']);

    await plant(true);
    const inFrame = await seriousInBothThemes(page, ['#axe-planted']);
    await unplant();
    expect(ids(inFrame)).toEqual(expected);
  });
});
