import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../../src/renderer/src/App';
import { preloadAllViews } from '../../../src/renderer/src/views/lazy-views';
import type { InvokeOutput } from '../../../src/shared/ipc/contract';
import { installFakeParallax, type FakeParallax } from './fake-parallax';
import { fakeSettings } from './fake-handlers';
import { resetStores } from './reset-stores';

// Settings → AI assistants (MCP): the toggle that lets `parallax mcp` start runs and the cap an
// assistant's run keeps to, saved through settings.update like every other setting.

// Views are lazy chunks: load them once up front, so a first import's transform time is not
// spent inside a findBy wait.
beforeAll(() => preloadAllViews(), 120_000);

describe('Settings: AI assistants (MCP)', () => {
  let fake: FakeParallax;
  let saved: InvokeOutput<'settings.get'>;
  beforeEach(() => {
    resetStores();
    fake = installFakeParallax();
    saved = fakeSettings({ budgetCap: 200 });
    fake.handle('settings.get', () => saved);
    fake.handle('settings.update', (patch) => {
      saved = { ...saved, ...patch };
      return saved;
    });
  });

  it('is off by default, and turning it on enables the cap, which is saved as a number', async () => {
    render(<App />);
    await screen.findByRole('heading', { level: 1, name: 'Visibility' });
    fireEvent.keyDown(window, { key: ',', ctrlKey: true });
    await screen.findByRole('heading', { name: 'AI assistants (MCP)' });
    expect(screen.getByText(/"parallax", "mcp"/)).toBeInTheDocument();

    const toggle = screen.getByLabelText('Assistants may start runs (each shows its estimate first)');
    const cap = screen.getByLabelText('Budget cap per assistant run (credits)');
    expect(toggle).not.toBeChecked();
    expect(cap).toBeDisabled();
    expect(cap).toHaveAccessibleDescription(/budget cap per run \(200 credits\) applies/);

    fireEvent.click(toggle);
    await waitFor(() => expect(cap).toBeEnabled());
    expect(fake.callsTo('settings.update')).toEqual([{ mcpRunsEnabled: true }]);

    fireEvent.change(cap, { target: { value: '50' } });
    await waitFor(() => expect(cap).toHaveAccessibleDescription(/at most 50 credits/));
    fireEvent.change(cap, { target: { value: '' } });
    await waitFor(() => expect(fake.callsTo('settings.update')).toHaveLength(3));
    expect(fake.callsTo('settings.update').slice(1)).toEqual([{ mcpBudgetCap: 50 }, { mcpBudgetCap: null }]);
  });
});
