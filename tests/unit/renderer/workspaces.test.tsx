import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WorkspaceSwitcher } from '../../../src/renderer/src/components/WorkspaceSwitcher';
import { windowReload } from '../../../src/renderer/src/stores/workspace-store';
import { TeamPanel } from '../../../src/renderer/src/views/settings/TeamPanel';
import type { TeamStatusView, WorkspaceListView } from '../../../src/shared/ipc/channels/team';
import { fail, installFakeParallax, type FakeParallax } from './fake-parallax';
import { resetStores } from './reset-stores';

// The workspace switcher (sidebar) and Settings → Team in jsdom, over the IPC contract.

const list = (current: string): WorkspaceListView => ({
  workspaces: [
    { slug: 'default', name: 'Default', current: current === 'default', local: true, access: null },
    { slug: 'acme-corp', name: 'Acme Corp', current: current === 'acme-corp', local: true, access: 'member' },
    { slug: 'globex', name: 'Globex', current: false, local: false, access: 'viewer' },
  ],
  teamError: null,
});

const connected: TeamStatusView = {
  connected: true,
  source: 'settings',
  server: 'postgres://alice@db.example:5432/team?sslmode=verify-full',
  reachable: true,
  error: null,
  schemaVersion: 1,
  knownVersion: 1,
  user: 'alice',
  teamAdmin: false,
  tls: 'TLS, certificate and host name verified',
  workspaces: [{ slug: 'acme-corp', name: 'Acme Corp', access: 'member', seed: null }],
  passwordStore: 'Secret Service (D-Bus keyring)',
};

let fake: FakeParallax;
let reload: ReturnType<typeof vi.fn<() => void>>;
const original = windowReload.reload;

beforeEach(() => {
  resetStores();
  fake = installFakeParallax();
  reload = vi.fn<() => void>();
  windowReload.reload = reload;
});
afterEach(() => {
  windowReload.reload = original;
});

describe('the workspace switcher', () => {
  it('lists the workspaces, switches to one and reloads the window on its history', async () => {
    fake.handle('workspaces.list', () => list('default'));
    fake.handle('workspaces.use', ({ name }) => list(name));
    render(<WorkspaceSwitcher />);
    const select = await screen.findByRole('combobox', { name: 'Workspace' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    expect(
      within(select).getByRole('option', { name: 'Globex (read only) (not opened here yet)' }),
    ).toBeInTheDocument();
    expect((select as HTMLSelectElement).value).toBe('default');
    fireEvent.change(select, { target: { value: 'acme-corp' } });
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(fake.callsTo('workspaces.use')).toEqual([{ name: 'acme-corp' }]);
    // This machine's list first, then the team's.
    expect(fake.callsTo('workspaces.list')).toEqual([{ team: false }, { team: true }]);
  });

  it('stays put and says why when the switch is refused', async () => {
    fake.handle('workspaces.use', () =>
      fail('RUNS_ACTIVE', 'A run is in progress: pause or finish it before switching workspaces.'),
    );
    fake.handle('workspaces.list', () => list('default'));
    render(<WorkspaceSwitcher />);
    const select = await screen.findByRole('combobox', { name: 'Workspace' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    fireEvent.change(select, { target: { value: 'acme-corp' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('A run is in progress');
    expect(reload).not.toHaveBeenCalled();
  });

  it('creates a workspace from its name', async () => {
    fake.handle('workspaces.create', ({ name }) => ({
      workspaces: [
        ...list('default').workspaces,
        { slug: 'initech', name, current: false, local: true, access: null },
      ],
      teamError: null,
    }));
    render(<WorkspaceSwitcher />);
    fireEvent.click(await screen.findByRole('button', { name: 'New workspace' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'New workspace name' }), {
      target: { value: 'Initech' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByRole('option', { name: 'Initech' });
    expect(fake.callsTo('workspaces.create')).toEqual([{ name: 'Initech' }]);
    expect(screen.queryByRole('textbox', { name: 'New workspace name' })).toBeNull();
  });
});

describe('Settings: Team', () => {
  it('connects with the password typed apart, then shows the status without it', async () => {
    fake.handle('team.connect', () => connected);
    render(<TeamPanel />);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Team URL' }), {
      target: { value: 'postgres://alice@db.example:5432/team?sslmode=verify-full' },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'p@ss word' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    const facts = await screen.findByTestId('team-status');
    expect(fake.callsTo('team.connect')).toEqual([
      { url: 'postgres://alice:p%40ss%20word@db.example:5432/team?sslmode=verify-full', init: true },
    ]);
    expect(facts).toHaveTextContent('TLS, certificate and host name verified');
    expect(facts).toHaveTextContent('Acme Corp (member)');
    expect(facts).not.toHaveTextContent('p@ss');
  });

  it('says per workspace whether a new desktop starts from a seed, and how old it is', async () => {
    const hours = 3_600_000;
    fake.handle('team.status', () => ({
      ...connected,
      workspaces: [
        { slug: 'acme-corp', name: 'Acme Corp', access: 'member' as const, seed: null },
        {
          slug: 'globex',
          name: 'Globex',
          access: 'viewer' as const,
          seed: { createdAt: Date.now() - 3 * hours - 60_000, answers: 1_000_000, bytes: 7.6 * 1024 ** 3 },
        },
      ],
    }));
    render(<TeamPanel />);
    const items = within(await screen.findByTestId('team-status')).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Acme Corp (member): no seed yet: a new desktop indexes every answer itself',
      'Globex (viewer): seed published 3 h ago (1,000,000 answers, 7.6 GB)',
    ]);
  });

  it('shows an unreachable server and disconnects after confirmation', async () => {
    fake.handle('team.status', () => ({
      ...connected,
      reachable: false,
      error: 'The team server db.example:5432 cannot be reached: timeout',
    }));
    render(<TeamPanel />);
    expect(await screen.findByTestId('team-status')).toHaveTextContent(
      'Not reachable: The team server db.example:5432 cannot be reached',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect from the team' }));
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    await screen.findByRole('textbox', { name: 'Team URL' });
    expect(fake.callsTo('team.disconnect')).toHaveLength(1);
  });
});
