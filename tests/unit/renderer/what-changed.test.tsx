import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useNavStore } from '../../../src/renderer/src/stores/nav-store';
import { useDemoStore } from '../../../src/renderer/src/stores/demo-store';
import { VisibilityView } from '../../../src/renderer/src/views/visibility/VisibilityView';
import { fail, installFakeParallax, type FakeParallax } from './fake-parallax';
import { resetStores } from './reset-stores';

// "What changed" at the top of Visibility: the findings main sends (the engine's own, on the drift
// fixture), each opening its answers in Compare, the statistics one click below, read with the
// view's filters; an empty comparison and a failed read said in words.

describe('What changed', () => {
  let fake: FakeParallax;
  beforeEach(() => {
    resetStores();
    useDemoStore.setState(useDemoStore.getInitialState(), true);
    fake = installFakeParallax();
  });

  it('lists the findings first in the view, with the statistics one click below', async () => {
    render(<VisibilityView />);
    const card = await screen.findByRole('region', { name: 'What changed' });
    // The first three, so the key numbers stay in the first screen; the rest one click away.
    expect(await within(card).findAllByRole('listitem')).toHaveLength(3);
    fireEvent.click(within(card).getByRole('button', { name: 'Show all 6 findings' }));
    const items = within(card).getAllByRole('listitem');
    expect(items).toHaveLength(6);
    expect(within(card).queryByRole('button', { name: /^Show all/ })).toBeNull();
    expect(items[0]?.textContent).toContain(
      "Veloxa's mention rate fell 45 points in Germany on Assistant A (75 % → 30 %), while Fleetfoot rose 50 points.",
    );
    expect(card.textContent).toContain('Assistant A stopped citing veloxa.de in Germany on Nov 4');
    // The card comes before the key numbers.
    const regions = screen.getAllByRole('region').map((r) => r.getAttribute('aria-labelledby'));
    expect(regions.indexOf('vis-what-changed-heading')).toBeLessThan(regions.indexOf('vis-kpis-heading'));
    const stats = within(items[0] as HTMLElement)
      .getByText('Statistics')
      .closest('details') as HTMLDetailsElement;
    expect(stats.open).toBe(false);
    expect(stats.textContent).toContain('75 % (60–86 %), n = 40');
    expect(stats.textContent).toContain('30 % (18–45 %), n = 40');
    expect(stats.textContent).toContain(
      'p < 0.0001, q = 0.00096 (Benjamini–Hochberg across every cell scanned): significant',
    );
    // Read with the view's filters.
    expect(fake.callsTo('findings.list')).toEqual([
      { scope: { kind: 'all' }, period: { days: 30 }, limit: 7 },
    ]);
  });

  it("opens a finding's answers in Compare", async () => {
    render(<VisibilityView />);
    const card = await screen.findByRole('region', { name: 'What changed' });
    const [first] = await within(card).findAllByRole('listitem');
    fireEvent.click(
      within(first as HTMLElement).getByRole('button', { name: 'Open the 28 answers in Compare' }),
    );
    const nav = useNavStore.getState();
    expect(nav.view).toBe('compare');
    expect(nav.resultSet?.resultIds).toHaveLength(28);
    expect(nav.resultSet?.resultIds[0]).toBe('2026-11-10-assistant-a-DE-1');
    expect(nav.resultSet?.title).toContain("Veloxa's mention rate fell 45 points");
  });

  it('says when nothing changed, and why a read failed (with a retry)', async () => {
    fake.handle('findings.list', () => ({
      period: { from: '2025-04-02', to: '2025-05-01', previous: { from: '2025-03-03', to: '2025-04-01' } },
      focusBrandId: 'b-acme',
      tests: 120,
      findings: [],
      judge: 'builtin',
      empty: null,
    }));
    const { unmount } = render(<VisibilityView />);
    expect(await screen.findByText('No notable change since the previous period (120 tests).')).toBeTruthy();
    unmount();
    let calls = 0;
    fake.handle('findings.list', () => {
      calls += 1;
      return fail('DB_BUSY', 'The history is busy');
    });
    render(<VisibilityView />);
    const card = await screen.findByRole('region', { name: 'What changed' });
    await within(card).findByText(/The history is busy/);
    fireEvent.click(within(card).getByRole('button', { name: /Retry|Try again/ }));
    await waitFor(() => expect(calls).toBe(2));
  });
});
