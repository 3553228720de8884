import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';

// Hostile engine output: the sandbox's [xss-corpus] prompt returns answers, Markdown, HTML
// and source titles full of XSS payloads. Rendered in the real browser, none may run, and
// none may even reach the DOM in an executable form (the CSP would block most of them, so
// the DOM is checked too: the rendering itself must be inert).

describe('XSS corpus from engine answers', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness(
      {},
      {
        beforeOpen: async (page) => {
          await page.addInitScript(() => {
            const w = window as unknown as Record<string, unknown>;
            const calls: string[] = [];
            w['__xss'] = calls;
            for (const name of ['alert', 'confirm', 'prompt'])
              w[name] = (message: unknown) => calls.push(`${name}:${String(message)}`);
            document.addEventListener('securitypolicyviolation', (e) =>
              calls.push(
                `csp:${e.violatedDirective}:${e.blockedURI}:${e.sample}:${(e.target as Element | null)?.outerHTML?.slice(0, 200) ?? ''}`,
              ),
            );
          });
        },
      },
    );
  });
  afterAll(async () => {
    await h?.close();
  });

  it('renders hostile answers inert in compare, raw JSON and stored HTML', async () => {
    const { page } = h;
    await page.getByRole('button', { name: 'Try the sandbox' }).click();
    await page.getByRole('heading', { level: 1, name: 'Visibility' }).waitFor();
    await page.keyboard.press('Control+6');
    await page.getByRole('heading', { level: 1, name: 'Compose' }).waitFor();
    await page.getByLabel('Prompts (one per line)').fill('best laptops [xss-corpus]');
    await page.getByRole('searchbox', { name: 'Search countries' }).fill('United States');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('estimate-jobs').textContent(), { timeout: 20_000 })
      .toContain('1');
    await page.getByRole('button', { name: 'Start run' }).click();
    await expect
      .poll(() => page.getByTestId('run-progress-text').textContent(), { timeout: 60_000 })
      .toContain('1 / 1 jobs done');
    await page.getByRole('button', { name: 'Open compare' }).click();
    const column = page.getByRole('article', { name: /^Answer / }).first();
    await column.waitFor();
    // The payloads are there, as text.
    await expect(column.textContent()).resolves.toContain('xss-');
    await page.getByRole('button', { name: 'Raw JSON' }).first().click();
    await page.getByTestId('raw-json').first().waitFor();
    await h.screenshot('xss-compare');

    const dom = await page.evaluate(() => {
      const root = document.querySelector('main') as HTMLElement;
      const all = [...root.querySelectorAll('*')];
      return {
        executable: root.querySelectorAll('script, object, embed, svg[onload], iframe:not([sandbox=""])')
          .length,
        handlers: all.filter((el) => [...el.attributes].some((a) => a.name.toLowerCase().startsWith('on')))
          .length,
        jsLinks: all.filter((el) =>
          /^\s*javascript:/i.test(el.getAttribute('href') ?? el.getAttribute('src') ?? ''),
        ).length,
        remoteImages: root.querySelectorAll('img[src^="http"], img[src="x"]').length,
      };
    });
    expect(dom).toEqual({ executable: 0, handlers: 0, jsLinks: 0, remoteImages: 0 });
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __xss: string[] }).__xss)).toEqual([]);
  });
});
