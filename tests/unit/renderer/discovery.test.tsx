import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useNavStore } from '../../../src/renderer/src/stores/nav-store';
import { useToastStore } from '../../../src/renderer/src/stores/toast-store';
import { BrandsView } from '../../../src/renderer/src/views/brands/BrandsView';
import { enginesText } from '../../../src/renderer/src/lib/engine-label';
import { fail, installFakeParallax, sampleDiscoveryQueue, type FakeParallax } from './fake-parallax';
import { installLayoutShim } from './layout-shim';
import { resetStores } from './reset-stores';

installLayoutShim();

// The Brands view's "Discovered" panel against the fake window.parallax: the queue with its
// figures, virtualised; a name's details; accept (prefilled, editable), dismiss/restore, merge;
// examples opening Compare's result-set mode; engine text inert.

describe('Discovered panel', () => {
  let fake: FakeParallax;

  beforeEach(() => {
    resetStores();
    fake = installFakeParallax();
  });

  const panel = () => screen.getByRole('region', { name: 'Discovered' });
  const list = async () => within(panel()).findByRole('grid', { name: 'Discovered names' });
  const choose = async (name: string) => {
    const option = within(await list())
      .getByText(name)
      .closest('[role="row"]') as HTMLElement;
    fireEvent.click(option);
    return screen.findByRole('region', { name: `Details of ${name}` });
  };

  it('lists the names with answers, share and its interval, where, when, origin, new ones marked; long lists virtualised', async () => {
    render(<BrandsView />);
    const rows = within(await list()).getAllByRole('row');
    expect(
      within(panel()).getByText(/62 candidate competitors in 120 answers \(Apr 2, 2025 – May 1, 2025\)/),
    ).toBeTruthy();
    expect(within(panel()).getByText(/2 covered by your brands, 0 dismissed/)).toBeTruthy();
    const first = rows[0] as HTMLElement;
    expect(first.textContent).toContain('Trailhawk');
    expect(first.textContent).toContain('42');
    expect(first.textContent).toContain('35.0 %');
    expect(first.textContent).toContain('(27.0–44.0 %)');
    expect(first.textContent).toContain('DE, US');
    // Engines by their labels, never the API's path names.
    expect(first.textContent).toContain('Assistant A, Assistant B');
    expect(first.textContent).not.toContain('assistant-a');
    expect(first.textContent).toContain('Apr 2\u2009–\u2009May 1, 2025');
    expect(first.textContent).toContain('brand entity, answer list');
    const second = rows[1] as HTMLElement;
    expect(within(second).getByText('new')).toBeTruthy();
    expect(within(first).queryByText('new')).toBeNull();
    // 62 names, only those in view (plus a few) exist in the DOM.
    expect(rows.length).toBeLessThan(30);
    expect(fake.callsTo('discovery.queue')).toEqual([
      { period: { days: 30 }, dismissed: false, kind: 'candidate', limit: 500, details: false },
    ]);
  });

  it('asks for another period', async () => {
    render(<BrandsView />);
    await list();
    fireEvent.change(screen.getByLabelText('Discovery period'), { target: { value: '90' } });
    await waitFor(() =>
      expect(fake.callsTo('discovery.queue').at(-1)).toEqual({
        period: { days: 90 },
        dismissed: false,
        kind: 'candidate',
        limit: 500,
        details: false,
      }),
    );
  });

  it('lists retailers and marketplaces apart from the candidate competitors, each with its count', async () => {
    render(<BrandsView />);
    await list();
    const kinds = within(panel()).getByRole('group', { name: 'Which names' });
    const candidates = within(kinds).getByRole('button', { name: 'Competitor candidates (62)' });
    const retailers = within(kinds).getByRole('button', { name: 'Retailers and marketplaces (1)' });
    expect(candidates.getAttribute('aria-pressed')).toBe('true');
    expect(within(panel()).queryByText('Shopwise')).toBeNull();
    fireEvent.click(retailers);
    await waitFor(() => expect(fake.callsTo('discovery.queue').at(-1)).toMatchObject({ kind: 'retailer' }));
    expect(await within(await list()).findByText('Shopwise')).toBeTruthy();
    expect(within(panel()).getByText(/^1 retailer or marketplace in 120 answers/)).toBeTruthy();
    expect(retailers.getAttribute('aria-pressed')).toBe('true');
    expect(within(await list()).queryByText('Trailhawk')).toBeNull();
  });

  it('shows a name’s examples (inert text) that open Compare, variants and proposed domains', async () => {
    render(<BrandsView />);
    const details = await choose('Läuferwerk');
    // The queue comes without examples: the name's are fetched for the view's period when opened.
    expect(fake.callsTo('discovery.candidate')).toEqual([{ key: 'läuferwerk', period: { days: 30 } }]);
    expect(within(details).getByText('Läuferwerk, Läuferwerk GmbH')).toBeTruthy();
    expect(within(details).getByText('läuferwerk.com')).toBeTruthy();
    expect(within(details).getByText(/its name · 12 answers/)).toBeTruthy();
    expect(within(details).getByText(/lift 1\.6 · 20 answers/)).toBeTruthy();
    // Engine text is shown as text: the <b> stays literal.
    expect(within(details).getByText('Läuferwerk <b>ist</b> gut')).toBeTruthy();
    expect(details.querySelector('b')).toBeNull();
    fireEvent.click(within(details).getByRole('button', { name: 'May 1, 2025 · assistant-a · US' }));
    expect(useNavStore.getState()).toMatchObject({
      view: 'compare',
      resultSet: {
        title: 'Answers naming Läuferwerk',
        resultIds: ['run-1-res-US', 'run-1-res-DE'],
        total: 9,
      },
    });
  });

  it('accepts with a prefilled, editable form; brands and queue reload', async () => {
    render(<BrandsView />);
    const details = await choose('Trailhawk');
    fireEvent.click(within(details).getByRole('button', { name: 'Accept Trailhawk…' }));
    const form = screen.getByRole('form', { name: 'Accept Trailhawk' });
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('Trailhawk');
    expect((within(form).getByLabelText('Variants (comma separated)') as HTMLInputElement).value).toBe(
      'Trailhawk Inc.',
    );
    expect((within(form).getByLabelText('Domains (comma separated)') as HTMLInputElement).value).toBe(
      'trailhawk.com',
    );
    expect(within(form).getByText('Also cited with it: runnersworld.example')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Domains (comma separated)'), {
      target: { value: 'trailhawk.com, trailhawk.de' },
    });
    const brandLoads = fake.callsTo('brands.list').length;
    const queueLoads = fake.callsTo('discovery.queue').length;
    fireEvent.click(within(form).getByRole('button', { name: 'Save Trailhawk' }));
    await waitFor(() =>
      expect(fake.callsTo('discovery.accept')).toEqual([
        {
          key: 'trailhawk',
          name: 'Trailhawk',
          kind: 'competitor',
          aliases: ['Trailhawk Inc.'],
          domains: ['trailhawk.com', 'trailhawk.de'],
        },
      ]),
    );
    await waitFor(() => expect(fake.callsTo('brands.list').length).toBe(brandLoads + 1));
    expect(fake.callsTo('discovery.queue').length).toBe(queueLoads + 1);
    expect(useToastStore.getState().latest?.message).toMatch(/Trailhawk is now a competitor/);
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Accept Trailhawk' })).toBeNull());
  });

  it('shows why an accept failed', async () => {
    fake.handle('discovery.accept', () => fail('BRAND_CONFLICT', 'A brand named Trailhawk already exists'));
    render(<BrandsView />);
    const details = await choose('Trailhawk');
    fireEvent.click(within(details).getByRole('button', { name: 'Accept Trailhawk…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Trailhawk' }));
    expect(await within(panel()).findByText('A brand named Trailhawk already exists')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Accept Trailhawk' })).toBeTruthy();
  });

  it('dismisses, lists the dismissed and restores', async () => {
    render(<BrandsView />);
    const details = await choose('Trailhawk');
    fireEvent.click(within(details).getByRole('button', { name: 'Dismiss Trailhawk' }));
    await waitFor(() => expect(fake.callsTo('discovery.dismiss')).toEqual([{ key: 'trailhawk' }]));
    fireEvent.click(within(panel()).getByLabelText('Dismissed'));
    const dismissed = await within(panel()).findByRole('grid', { name: 'Dismissed names' });
    expect(within(dismissed).getByText('Altura')).toBeTruthy();
    expect(within(dismissed).getByText('not in period')).toBeTruthy();
    fireEvent.click(within(dismissed).getByText('Altura'));
    const altura = await screen.findByRole('region', { name: 'Details of Altura' });
    expect(within(altura).queryByRole('button', { name: /Accept/ })).toBeNull();
    fireEvent.click(within(altura).getByRole('button', { name: 'Restore Altura' }));
    await waitFor(() => expect(fake.callsTo('discovery.restore')).toEqual([{ key: 'altura' }]));
  });

  it('merges into a chosen brand', async () => {
    render(<BrandsView />);
    const details = await choose('Trailhawk');
    const merge = within(details).getByRole('button', { name: 'Merge' }) as HTMLButtonElement;
    expect(merge.disabled).toBe(true);
    fireEvent.change(within(details).getByLabelText('Merge into brand'), { target: { value: 'b-zoom' } });
    fireEvent.click(merge);
    await waitFor(() =>
      expect(fake.callsTo('discovery.merge')).toEqual([{ key: 'trailhawk', brandId: 'b-zoom' }]),
    );
    await waitFor(() =>
      expect(useToastStore.getState().latest?.message).toBe(
        'Merged into Zoom; the history is being re-analysed.',
      ),
    );
  });

  it('reloads when the history changes, and says when nothing is left to review', async () => {
    render(<BrandsView />);
    await list();
    fake.handle('discovery.queue', () => ({ ...sampleDiscoveryQueue(), total: 0, candidates: [] }));
    act(() => fake.emit('visibility.changed', { reason: 'brands' }));
    expect(
      await within(panel()).findByText(
        'No new names: every name in these answers is a brand you track or one you dismissed.',
      ),
    ).toBeTruthy();
  });
});

describe("the Discovered row's engines", () => {
  it('names them by label in the catalog order, or how many past two', () => {
    expect(enginesText(['assistant-b', 'assistant-a'])).toEqual({
      full: 'Assistant A, Assistant B',
      short: 'Assistant A, Assistant B',
    });
    expect(enginesText(['search-ai', 'search', 'assistant-c'])).toEqual({
      full: 'Assistant C, Web search, Search AI mode',
      short: '3 engines',
    });
    expect(enginesText([])).toEqual({ full: '', short: '' });
  });
});
