import { existsSync, statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';

describe('app shell in headless Chromium', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('renders the shell from the real core over the bridge, labelled as synthetic in sandbox mode', async () => {
    await h.page.getByRole('button', { name: 'Try the sandbox' }).click();
    await h.page.getByRole('heading', { level: 1, name: 'Visibility' }).waitFor();
    await expect(h.page.getByRole('note').textContent()).resolves.toMatch(/synthetic/i);
    // The one screenshot the suite always takes: it checks that the page can be shot at all.
    const path = await h.screenshot('shell', { always: true });
    expect(existsSync(path) && statSync(path).size > 5_000).toBe(true);
  });

  it('rejects a payload of the wrong shape in main with per-field validation errors', async () => {
    const result = await h.page.evaluate(() =>
      window.parallax.invoke('app.openExternal', { url: 42 } as never),
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR' } });
    expect(!result.ok && result.error.fields?.[0]?.field).toBe('url');
    const extra = await h.page.evaluate(() =>
      window.parallax.invoke('app.openExternal', { url: 'https://example.org', extra: true } as never),
    );
    expect(extra).toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR' } });
  });

  it('opens only http(s) links, and only through main', async () => {
    const refused = await h.page.evaluate(() =>
      window.parallax.invoke('app.openExternal', { url: 'javascript:alert(1)' }),
    );
    expect(refused).toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR' } });
    const opened = await h.page.evaluate(() =>
      window.parallax.invoke('app.openExternal', { url: 'https://example.org/page' }),
    );
    expect(opened).toEqual({ ok: true, value: { opened: true } });
    expect(h.openedExternally).toEqual(['https://example.org/page']);
  });

  it('makes unknown channels impossible: refused by the bridge and by main', async () => {
    const viaApi = await h.page.evaluate(() => window.parallax.invoke('shell.exec' as never, {} as never));
    expect(viaApi).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL' } });
    const raw = await h.page.evaluate(async () =>
      JSON.parse(
        await (
          window as unknown as { __parallaxInvoke(c: string, wire: string): Promise<string> }
        ).__parallaxInvoke('shell.exec', '{}'),
      ),
    );
    expect(raw).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL' } });
    const apiKeys = await h.page.evaluate(() => Object.keys(window.parallax).sort());
    expect(apiKeys).toEqual(['invoke', 'on']);
  });

  it('enforces the strict CSP: inline script never runs', async () => {
    const ran = await h.page.evaluate(async () => {
      const w = window as unknown as { __inlineRan?: boolean };
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.body.appendChild(script);
      await new Promise((r) => setTimeout(r, 50));
      return w.__inlineRan === true;
    });
    expect(ran).toBe(false);
  });
});
