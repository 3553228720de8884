import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { compileBrandMatcher } from '../../../src/shared/analytics/brand-matcher';
import { SafeMarkdown } from '../../../src/renderer/src/components/SafeMarkdown';
import { installFakeParallax, SAMPLE_BRANDS, type FakeParallax } from './fake-parallax';
import { resetStores } from './reset-stores';

// An XSS corpus as an engine might return it. Rendered through the compare view's Markdown
// component, none of it may become a live element, handler attribute or navigable link.
const CORPUS = [
  '# Answer',
  '<script>window.__pwned = 1</script>',
  '<img src=x onerror="window.__pwned = 2">',
  '<iframe src="https://evil.example"></iframe>',
  '<svg onload="window.__pwned = 3"><circle /></svg>',
  '<a href="javascript:window.__pwned=4">raw anchor</a>',
  '[click me](javascript:alert(1))',
  '[data link](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[vb](vbscript:msgbox(1))',
  '![tracking pixel](https://evil.example/pixel.png)',
  '<div style="background:url(javascript:alert(1))" onclick="alert(1)">styled</div>',
  '<form action="https://evil.example"><input name=a></form>',
  '<object data="x"></object><embed src="x"><meta http-equiv="refresh" content="0;url=https://evil.example">',
  '[a good source](https://example.org/page)',
  '| a | b |\n|---|---|\n| <b onmouseover=alert(1)>x</b> | y |',
].join('\n\n');

describe('SafeMarkdown (untrusted engine answers)', () => {
  let fake: FakeParallax;
  beforeEach(() => {
    resetStores();
    fake = installFakeParallax();
  });

  it('renders no script, image, frame, form, object or svg element and no handler attribute', () => {
    const { container } = render(<SafeMarkdown markdown={CORPUS} />);
    for (const tag of [
      'script',
      'img',
      'iframe',
      'svg',
      'form',
      'input',
      'object',
      'embed',
      'meta',
      'style',
      'a',
    ]) {
      expect(container.querySelector(tag), tag).toBeNull();
    }
    for (const el of container.querySelectorAll('*')) {
      for (const attr of el.getAttributeNames()) {
        expect(attr.startsWith('on'), `${el.tagName} ${attr}`).toBe(false);
        expect(attr, `${el.tagName} has ${attr}`).not.toMatch(/^(href|src|srcdoc|action|style)$/);
      }
    }
    expect(container.innerHTML).not.toMatch(/javascript:/i);
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
    // Markdown structure still renders: heading, table.
    expect(screen.getByRole('heading', { name: 'Answer' })).toBeInTheDocument();
    expect(container.querySelector('table')).not.toBeNull();
  });

  it('shows images as alt text and URL without loading them', () => {
    render(<SafeMarkdown markdown={'![tracking pixel](https://evil.example/pixel.png)'} />);
    expect(screen.getByText(/\[image: tracking pixel\]/)).toBeInTheDocument();
    expect(screen.getByText('https://evil.example/pixel.png')).toBeInTheDocument();
  });

  it('opens http(s) links through app.openExternal and never navigates; other schemes are dead', async () => {
    render(
      <SafeMarkdown
        markdown={'[a good source](https://example.org/page) and [click me](javascript:alert(1))'}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'a good source' }));
    await waitFor(() =>
      expect(fake.callsTo('app.openExternal')).toEqual([{ url: 'https://example.org/page' }]),
    );
    expect(screen.queryByRole('button', { name: 'click me' })).toBeNull();
    expect(screen.getByText('click me')).toHaveClass('dead-link');
    expect(fake.calls.filter((c) => c.channel === 'app.openExternal')).toHaveLength(1);
  });

  it('highlights brand mentions with the shared brand matcher, as text only', () => {
    const matcher = compileBrandMatcher(SAMPLE_BRANDS);
    const { container } = render(
      <SafeMarkdown
        markdown={'Try **Acme Swift** or zoom pro, not Acmeville. `Acme` in code.'}
        matcher={matcher}
      />,
    );
    const marks = [...container.querySelectorAll('mark.brand-mention')].map((m) => [
      m.textContent,
      m.className,
    ]);
    expect(marks).toEqual([
      ['Acme Swift', 'brand-mention brand-brand'],
      ['zoom pro', 'brand-mention brand-competitor'],
    ]);
  });
});
