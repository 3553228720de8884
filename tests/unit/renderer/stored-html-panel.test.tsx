import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { StoredHtmlPanel } from '../../../src/renderer/src/views/compare/StoredHtmlPanel';
import { installFakeParallax, type FakeParallax } from './fake-parallax';
import { resetStores } from './reset-stores';

// The HTML tab: the archived copy in a script-less frame, one button per search page, and the
// reason when a page could not be archived (or is still being archived).

const ARCHIVED =
  '<!doctype html><html><head><style>p{color:red}</style></head><body><p>kept</p></body></html>';

describe('StoredHtmlPanel', () => {
  let fake: FakeParallax;
  beforeEach(() => {
    resetStores();
    fake = installFakeParallax();
  });

  it('shows each archived page of a search result in a frame without scripts', async () => {
    fake.handle('results.html', ({ index = 0 }) => ({
      html: ARCHIVED.replace('kept', `page ${index + 1}`),
      reason: null,
      state: 'archived' as const,
      pageCount: 3,
      url: `https://files.example/page-${index + 1}.html`,
      archivedAt: Date.UTC(2026, 10, 1),
    }));
    render(<StoredHtmlPanel resultId="r1" />);
    const frame = await screen.findByTitle('Stored HTML page');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('page 1');
    expect(screen.getByText('https://files.example/page-1.html')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await screen.findByText('https://files.example/page-3.html');
    expect(screen.getByTitle('Stored HTML page').getAttribute('srcdoc')).toContain('page 3');
    expect(screen.getByRole('button', { name: 'Page 3' }).getAttribute('aria-pressed')).toBe('true');
    expect(fake.callsTo('results.html').map((c) => c.index)).toEqual([0, 2]);
  });

  it('says why a page was not archived, with no frame', async () => {
    fake.handle('results.html', () => ({
      html: null,
      reason: 'The link had expired (HTTP 410): pages are kept 24 h after the answer.',
      state: 'failed' as const,
      pageCount: 1,
      url: 'https://files.example/gone.html',
      archivedAt: null,
    }));
    render(<StoredHtmlPanel resultId="r1" />);
    const note = await screen.findByTestId('page-not-archived');
    expect(note.textContent).toBe(
      'Not archived: The link had expired (HTTP 410): pages are kept 24 h after the answer.',
    );
    expect(screen.queryByTitle('Stored HTML page')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Stored pages' })).toBeNull();
  });

  it('asks again while the page is being archived, then shows it', async () => {
    let calls = 0;
    fake.handle('results.html', () => {
      calls += 1;
      return calls === 1
        ? {
            html: null,
            reason: 'The page is being archived.',
            state: 'pending' as const,
            pageCount: 1,
            url: 'u',
            archivedAt: null,
          }
        : { html: ARCHIVED, reason: null, state: 'archived' as const, pageCount: 1, url: 'u', archivedAt: 1 };
    });
    render(<StoredHtmlPanel resultId="r1" />);
    expect((await screen.findByTestId('page-not-archived')).textContent).toBe('The page is being archived.');
    await screen.findByTitle('Stored HTML page', {}, { timeout: 5_000 });
    expect(calls).toBe(2);
  });
});
