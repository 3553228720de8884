import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../../src/renderer/src/App';
import { preloadAllViews } from '../../../src/renderer/src/views/lazy-views';
import type { FunnelSharingView } from '../../../src/shared/ipc/channels/funnel';
import { installFakeParallax, type FakeParallax } from './fake-parallax';
import { resetStores } from './reset-stores';

// Settings → What leaves this computer: says in words what stays local and what is shared; the
// open workspace's funnel totals are shared only once the analyst turns it on (through main).

beforeAll(() => preloadAllViews(), 120_000);

describe('Settings: what leaves this computer', () => {
  let fake: FakeParallax;
  let sharing: FunnelSharingView;
  beforeEach(() => {
    resetStores();
    fake = installFakeParallax();
    sharing = { aggregates: false, changedAt: null, pushedAt: null };
    fake.handle('funnel.sharing', () => sharing);
    fake.handle('funnel.setSharing', ({ aggregates }) => {
      sharing = { aggregates, changedAt: 1, pushedAt: null };
      return sharing;
    });
  });

  it('is off by default, says what stays local, and turning it on goes through main', async () => {
    render(<App />);
    await screen.findByRole('heading', { level: 1, name: 'Visibility' });
    fireEvent.keyDown(window, { key: ',', ctrlKey: true });
    await screen.findByRole('heading', { name: 'What leaves this computer' });
    expect(
      screen.getByText(/the server and CDN logs you import \(every line, every\s+address\)/),
    ).toBeInTheDocument();
    const toggle = screen.getByLabelText('Share this workspace’s funnel totals with the team');
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/only daily totals per engine and page/);

    fireEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(fake.callsTo('funnel.setSharing')).toEqual([{ aggregates: true }]);
    expect(screen.getByText('Not sent yet: the next sync sends them.')).toBeInTheDocument();

    fireEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(fake.callsTo('funnel.setSharing').at(-1)).toEqual({ aggregates: false });
  });
});
