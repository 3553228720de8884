import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SyncStatus } from '../../../src/renderer/src/components/SyncStatus';
import { SyncWindowPanel } from '../../../src/renderer/src/views/settings/SyncWindowPanel';
import type { SettingsView } from '../../../src/shared/ipc/channels/settings';
import type { SyncConflictView, SyncStatusView } from '../../../src/shared/ipc/channels/sync';
import { fakeSyncStatus } from './fake-handlers';
import { installFakeParallax, type FakeParallax } from './fake-parallax';
import { resetStores } from './reset-stores';

// The sidebar's team sync status in jsdom, over the IPC contract: its states in words, live from
// 'sync.status' events, "Sync now", and the conflicts list with apply / discard.

const NOW = Date.UTC(2026, 10, 26, 12);

const status = (patch: Partial<SyncStatusView>): SyncStatusView =>
  fakeSyncStatus({ state: 'idle', lastSyncedAt: NOW - 2 * 60_000, ...patch });

const conflict: SyncConflictView = {
  id: 7,
  kind: 'brand',
  key: 'b1',
  label: 'Brand Veloxa',
  message: 'Brand Veloxa was changed by a teammate (alice); your edit is kept as a draft.',
  deletion: false,
  changedBy: 'alice',
  createdAt: NOW,
};

let fake: FakeParallax;
beforeEach(() => {
  resetStores();
  fake = installFakeParallax();
});

describe('the sync status', () => {
  it('shows nothing without a team', async () => {
    const { container } = render(<SyncStatus now={() => NOW} />);
    await waitFor(() => expect(fake.callsTo('sync.status').length).toBe(1));
    expect(container.textContent).toBe('');
  });

  it('says when it last synced, follows the events, and syncs on request', async () => {
    fake.handle('sync.status', () => status({}));
    fake.handle('sync.now', () => status({ lastSyncedAt: NOW }));
    render(<SyncStatus now={() => NOW} />);
    expect(await screen.findByText('Synced 2 min ago')).toBeInTheDocument();
    fake.emit('sync.status', status({ state: 'syncing', progress: { done: 4000, total: 30000 } }));
    expect(await screen.findByText('Syncing 4,000/30,000…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sync now' })).toBeDisabled();
    // A workspace new here, started from the team's seed before the app opens it.
    fake.emit(
      'sync.status',
      status({ state: 'syncing', seed: { done: 1.2 * 1024 ** 3, total: 3.1 * 1024 ** 3 } }),
    );
    expect(
      await screen.findByText('Downloading the workspace’s history: 1.2 GB of 3.1 GB…'),
    ).toBeInTheDocument();
    // It can be canceled (the switch is called off); Sync now is not offered meanwhile.
    expect(screen.queryByRole('button', { name: 'Sync now' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(fake.callsTo('sync.cancelSeed').length).toBe(1));
    fake.emit(
      'sync.status',
      status({ state: 'offline', error: 'The team server cannot be reached', pending: 42 }),
    );
    expect(await screen.findByText('Offline: will retry')).toBeInTheDocument();
    expect(screen.getByText(/42 to send/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(await screen.findByText('Synced just now')).toBeInTheDocument();
  });

  it('lists the conflicts and applies or discards a draft', async () => {
    let drafts = [
      conflict,
      { ...conflict, id: 8, message: 'Prompt “trail shoes” was deleted by a teammate.' },
    ];
    fake.handle('sync.status', () => status({ conflicts: drafts.length }));
    fake.handle('sync.conflicts', () => drafts);
    fake.handle('sync.resolve', ({ id }) => (drafts = drafts.filter((d) => d.id !== id)));
    render(<SyncStatus now={() => NOW} />);
    fireEvent.click(await screen.findByRole('button', { name: '2 conflicts' }));
    expect(await screen.findByText(conflict.message)).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: 'Apply my draft' })[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByText(conflict.message)).toBeNull());
    expect(fake.callsTo('sync.resolve')).toEqual([{ id: 7, action: 'apply' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('No conflicts left.')).toBeInTheDocument();
    expect(fake.callsTo('sync.resolve')[1]).toEqual({ id: 8, action: 'discard' });
  });
});

describe('the sync window setting', () => {
  it('saves the days, and empty as everything', () => {
    const save = vi.fn(() => Promise.resolve());
    const settings = { syncWindowDays: 180 } as SettingsView;
    render(<SyncWindowPanel settings={settings} save={save} />);
    const input = screen.getByLabelText(/Pull runs of the last/);
    expect((input as HTMLInputElement).value).toBe('180');
    fireEvent.change(input, { target: { value: '90' } });
    fireEvent.change(input, { target: { value: '' } });
    expect(save.mock.calls).toEqual([[{ syncWindowDays: 90 }], [{ syncWindowDays: null }]]);
  });
});
