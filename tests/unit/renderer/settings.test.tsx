import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../../src/renderer/src/App';
import { preloadAllViews } from '../../../src/renderer/src/views/lazy-views';
import { useNavStore } from '../../../src/renderer/src/stores/nav-store';
import { installFakeParallax, type FakeParallax } from './fake-parallax';
import { fakeSettings } from './fake-handlers';
import { resetStores } from './reset-stores';

const KEY = `sk_${'A1b2C3d4E5'.repeat(4)}`;

// Views are lazy chunks: load them once up front, so a first import's transform time is not
// taken out of each findBy's wait.
beforeAll(() => preloadAllViews(), 120_000);

describe('first run, settings and the app shell', () => {
  let fake: FakeParallax;
  let sandbox: boolean;
  let configured: boolean;
  beforeEach(() => {
    resetStores();
    sandbox = false;
    configured = false;
    document.documentElement.removeAttribute('data-theme');
    fake = installFakeParallax();
    fake.handle('app.info', () => ({
      name: 'Parallax',
      version: '0.1.0',
      platform: 'linux',
      sandboxMode: sandbox,
      dataPath: '/data',
    }));
    fake.handle('settings.get', () => settingsView());
    fake.handle('settings.update', (patch) => {
      if (patch.sandboxMode !== undefined) sandbox = patch.sandboxMode;
      return { ...settingsView(), ...patch } as ReturnType<typeof settingsView>;
    });
    const status = () => ({
      configured,
      masked: configured ? 'sk_…E5' : null,
      backend: { kind: 'os-keychain' as const, label: 'OS keychain' },
      state: configured ? ('ok' as const) : ('missing' as const),
      balance: configured ? { remaining: 1000, perCycle: 1000, cycleResetsAt: null } : null,
      plan: null,
      error: null,
    });
    fake.handle('key.status', status);
    fake.handle('key.set', () => {
      configured = true;
      return status();
    });
    fake.handle('key.delete', () => {
      configured = false;
      return status();
    });
    function settingsView() {
      return fakeSettings({ sandboxMode: sandbox, dataFolder: '/data' });
    }
  });

  it('offers the sandbox on first run and then labels everything as synthetic', async () => {
    render(<App />);
    fireEvent.click(await screen.findByRole('button', { name: 'Try the sandbox' }));
    await screen.findByRole('heading', { level: 1, name: 'Visibility' });
    expect(fake.callsTo('settings.update')).toEqual([{ sandboxMode: true }]);
    expect(screen.getByRole('note').textContent).toContain('Sandbox · synthetic data');
    expect(screen.getByRole('heading', { name: 'Parallax 0.1.0' })).toBeInTheDocument();
    // The banner says which names the sandbox gives the engines (the profile in use's labels).
    await waitFor(() =>
      expect(screen.getByRole('note').textContent).toContain(
        'its engines are named Assistant A, Assistant B',
      ),
    );
  });

  it('sends the key once to main, clears the field and only ever shows it masked', async () => {
    render(<App />);
    fireEvent.click(await screen.findByRole('button', { name: 'Connect my API key' }));
    const input = screen.getByLabelText('API key') as HTMLInputElement;
    expect(input.type).toBe('password');
    fireEvent.change(input, { target: { value: 'sk_short' } });
    expect(screen.getByRole('button', { name: 'Save key' })).toBeDisabled();
    fireEvent.change(input, { target: { value: KEY } });
    fireEvent.click(screen.getByRole('button', { name: 'Save key' }));
    await screen.findByRole('heading', { level: 1, name: 'Visibility' });
    expect(fake.callsTo('key.set')).toEqual([{ key: KEY }]);

    fireEvent.keyDown(window, { key: ',', ctrlKey: true });
    await screen.findByRole('heading', { name: 'Settings' });
    expect(screen.getByTestId('key-masked').textContent).toBe('sk_…E5');
    expect(document.body.innerHTML).not.toContain(KEY);
    for (const el of document.querySelectorAll('input')) expect(el.value).not.toContain(KEY);
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('switches views with Ctrl+key in the sidebar order, and applies the theme setting', async () => {
    sandbox = true;
    render(<App />);
    await screen.findByRole('heading', { level: 1, name: 'Visibility' });
    const expected: Array<[string, string]> = [
      ['6', 'Compose'],
      ['7', 'Run'],
      ['3', 'Compare'],
      ['4', 'Over time'],
      ['5', 'Brands'],
      ['0', 'History'],
      ['1', 'Visibility'],
      [',', 'Settings'],
    ];
    for (const [key, name] of expected) {
      fireEvent.keyDown(window, { key, ctrlKey: true });
      expect(await screen.findByRole('heading', { level: 1, name })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: new RegExp(`^${name}`) })).toHaveAttribute(
        'aria-current',
        'page',
      );
    }
    fireEvent.change(screen.getByLabelText('Theme'), { target: { value: 'dark' } });
    await waitFor(() => expect(document.documentElement.dataset['theme']).toBe('dark'));
    expect(fake.callsTo('settings.update')).toContainEqual({ theme: 'dark' });

    fireEvent.click(screen.getByRole('button', { name: 'Back up database' }));
    await waitFor(() => expect(fake.callsTo('db.backup')).toHaveLength(1));
    expect(await screen.findByText('Backup saved: backup.db')).toBeInTheDocument();
    expect(useNavStore.getState().view).toBe('settings');
  });
});
