import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ToolsView } from '../../../src/renderer/src/views/tools/ToolsView';
import { fail, installFakeParallax, type FakeParallax } from './fake-parallax';
import { resetStores } from './reset-stores';

describe('Tools view', () => {
  let fake: FakeParallax;
  beforeEach(() => {
    resetStores();
    fake = installFakeParallax();
  });

  it('shows credits and the queue, and clears the queue only after the organization-wide warning', async () => {
    render(<ToolsView />);
    expect((await screen.findByTestId('credits-remaining')).textContent).toBe('985');
    expect(screen.getByTestId('queue-queued').textContent).toBe('12');
    fireEvent.click(screen.getByRole('button', { name: 'Clear queue' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Clear queue' });
    expect(dialog.textContent).toContain('EVERY queued task of your organization');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep' }));
    expect(fake.callsTo('queue.clear')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Clear queue' }));
    fireEvent.click(screen.getByRole('button', { name: 'Clear the whole queue' }));
    await waitFor(() => expect(fake.callsTo('queue.clear')).toEqual([{ confirm: true }]));
  });

  it('resolves redirect links and shows validation errors with their field', async () => {
    render(<ToolsView />);
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'https://example.com/a' } });
    fireEvent.click(screen.getByRole('button', { name: 'Resolve' }));
    expect((await screen.findByTestId('redirect-result')).textContent).toContain(
      'https://search.example/goto?u=1',
    );

    fake.handle('tools.resolveRedirect', () =>
      fail('SERVICE_ERROR', 'Bad request', [{ field: 'url', message: 'Not a result URL' }]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Resolve' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('SERVICE_ERROR');
    expect(alert.textContent).toContain('url: Not a result URL');
  });

  it('finds countries by name, folds the whole lists, and lists the US states on request', async () => {
    render(<ToolsView />);
    // 250 names are not dumped on the page: the whole list is folded, a search lists matches.
    const all = (await screen.findByText(/^All \d+ countries$/)).closest('details') as HTMLDetailsElement;
    expect(all.open).toBe(false);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter countries' }), {
      target: { value: 'japan' },
    });
    const countries = screen.getByRole('list', { name: 'Countries' });
    expect(
      within(countries)
        .getAllByRole('listitem')
        .map((l) => l.textContent),
    ).toEqual(['🇯🇵 Japan JP']);
    const statesSummary = await screen.findByText('US states for state-level targeting (51)');
    fireEvent.click(statesSummary);
    const states = screen.getByRole('list', { name: 'US states' });
    expect(within(states).getAllByRole('listitem')).toHaveLength(51);
  });
});
