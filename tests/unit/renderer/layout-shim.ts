import { afterAll, beforeAll } from 'vitest';

/**
 * jsdom does no layout or scrolling: give scroll containers a viewport height, and make
 * scrollTo move scrollTop and fire the scroll event a browser would, so virtualized lists
 * render rows. Call once at the top of a test file; it restores jsdom afterwards.
 */
export function installLayoutShim(): void {
  const saved = ['clientHeight', 'scrollHeight', 'scrollTop', 'scrollTo'].map(
    (k) => [k, Object.getOwnPropertyDescriptor(HTMLElement.prototype, k)] as const,
  );
  const tops = new WeakMap<HTMLElement, number>();
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 480 });
    // The content height is the inner sizer's height, as the list sets it.
    Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
      configurable: true,
      get(this: HTMLElement) {
        const inner = this.firstElementChild;
        return inner instanceof HTMLElement ? Number.parseFloat(inner.style.height) || 0 : 0;
      },
    });
    Object.defineProperty(HTMLElement.prototype, 'scrollTop', {
      configurable: true,
      get(this: HTMLElement) {
        return tops.get(this) ?? 0;
      },
      set(this: HTMLElement, v: number) {
        tops.set(this, v);
      },
    });
    Object.defineProperty(HTMLElement.prototype, 'scrollTo', {
      configurable: true,
      value(this: HTMLElement, options: ScrollToOptions) {
        tops.set(this, options.top ?? 0);
        this.dispatchEvent(new Event('scroll'));
      },
    });
  });
  afterAll(() => {
    for (const [k, d] of saved) {
      if (d) Object.defineProperty(HTMLElement.prototype, k, d);
      else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[k];
    }
  });
}
