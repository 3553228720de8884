import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Snippet } from '../../../src/renderer/src/components/Snippet';
import { splitSnippet } from '../../../src/renderer/src/lib/snippet';

describe('search snippet highlighting', () => {
  it('splits on the \\u0002…\\u0003 markers', () => {
    expect(splitSnippet('a \u0002acme\u0003 b \u0002shoes\u0003')).toEqual([
      { text: 'a ', match: false },
      { text: 'acme', match: true },
      { text: ' b ', match: false },
      { text: 'shoes', match: true },
    ]);
    expect(splitSnippet('no match')).toEqual([{ text: 'no match', match: false }]);
    expect(splitSnippet('')).toEqual([]);
  });

  it('wraps matches in <mark> and keeps HTML in the snippet as inert text', () => {
    const snippet =
      'before <img src=x onerror=alert(1)> \u0002<script>alert(2)</script>\u0003 after <b>bold</b>';
    const { container } = render(<Snippet snippet={snippet} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    const marks = container.querySelectorAll('mark');
    expect(marks).toHaveLength(1);
    expect(marks[0]?.textContent).toBe('<script>alert(2)</script>');
    expect(container.textContent).toBe(
      'before <img src=x onerror=alert(1)> <script>alert(2)</script> after <b>bold</b>',
    );
  });
});
