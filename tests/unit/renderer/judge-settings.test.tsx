import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { judgeAgreementOf } from '../../../src/shared/positioning/judge-agreement';
import { PositioningJudgePanel } from '../../../src/renderer/src/views/settings/PositioningJudgePanel';
import type { JudgeStatusView } from '../../../src/shared/ipc/channels/judge';
import { installFakeParallax, type FakeParallax } from './fake-parallax';
import { resetStores } from './reset-stores';

// Settings → Positioning judge in jsdom, over the IPC contract: fields checked before sending
// (the base URL an OpenAI-compatible endpoint needs, a price that is not a number), the key sent
// once in judge.set and never shown again (the field empties, only the masked label comes back),
// and which judge the views read.

const KEY = 'sk-or-v1-0123456789abcdef0123456789abcdef';
let fake: FakeParallax;

const saved = (active: string): JudgeStatusView => ({
  config: {
    provider: 'openai-compatible',
    model: 'llama3.1',
    baseUrl: 'http://localhost:11434/v1',
    apiVersion: null,
    priceIn: 0,
    priceOut: 0,
    budget: 5,
    concurrency: 2,
  },
  judge: { id: 'model:openai-compatible:llama3.1', version: 'p1+llama3.1' },
  key: { set: true, masked: 'sk-…cdef', backend: 'Secret Service (D-Bus keyring)', warning: null },
  active,
});

beforeEach(() => {
  resetStores();
  fake = installFakeParallax();
});

const type = (label: RegExp, value: string): void => {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
};

describe('Settings → Positioning judge', () => {
  it("says how far the built-in judge's readings can be trusted before the model judge's form", async () => {
    render(<PositioningJudgePanel />);
    await screen.findByLabelText('Provider');
    expect(screen.getByTestId('judge-agreement').textContent).toBe(judgeAgreementOf('builtin')?.note);
  });

  it('names the field at fault and sends nothing', async () => {
    render(<PositioningJudgePanel />);
    fireEvent.change(await screen.findByLabelText('Provider'), { target: { value: 'openai-compatible' } });
    type(/^Model$/, 'llama3.1');
    type(/^Price per million input/, '-1');
    fireEvent.click(screen.getByRole('button', { name: 'Save the model judge' }));
    expect(await screen.findByText('an openai-compatible endpoint needs its base URL')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Base URL/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Price per million input/)).toHaveAttribute('aria-invalid', 'true');
    expect(fake.callsTo('judge.set')).toHaveLength(0);
  });

  it('sends the key once to main and shows only its masked label afterwards', async () => {
    fake.handle('judge.set', (input) => {
      expect(input.key).toBe(KEY);
      return saved(input.active === 'model' ? 'model:openai-compatible:llama3.1' : 'builtin');
    });
    render(<PositioningJudgePanel />);
    fireEvent.change(await screen.findByLabelText('Provider'), { target: { value: 'openai-compatible' } });
    type(/^Model$/, 'llama3.1');
    type(/^Base URL/, 'http://localhost:11434/v1');
    type(/^Budget/, '5');
    type(/^Calls at once/, '2');
    type(/^API key/, KEY);
    fireEvent.click(screen.getByLabelText('My model judge'));
    fireEvent.click(screen.getByRole('button', { name: 'Save the model judge' }));
    await waitFor(() => expect(fake.callsTo('judge.set')).toHaveLength(1));
    expect(fake.callsTo('judge.set')[0]).toMatchObject({
      config: { provider: 'openai-compatible', model: 'llama3.1', budget: 5, concurrency: 2, priceIn: 0 },
      active: 'model',
    });
    expect(await screen.findByLabelText(/stored: sk-…cdef; leave empty to keep it/)).toHaveValue('');
    expect(screen.getByLabelText('My model judge')).toBeChecked();
    expect(document.body.innerHTML).not.toContain(KEY);
  });

  it('keeps the stored key when the field is left empty, and deletes the judge', async () => {
    fake.handle('judge.status', () => saved('builtin'));
    fake.handle('judge.set', () => saved('builtin'));
    fake.handle('judge.delete', () => ({
      deleted: true,
      status: {
        config: null,
        judge: null,
        key: { set: false, masked: null, backend: 'x', warning: null },
        active: 'builtin',
      },
    }));
    render(<PositioningJudgePanel />);
    expect(await screen.findByLabelText(/^Model$/)).toHaveValue('llama3.1');
    fireEvent.click(screen.getByRole('button', { name: 'Save the model judge' }));
    await waitFor(() => expect(fake.callsTo('judge.set')).toHaveLength(1));
    expect(fake.callsTo('judge.set')[0]?.key).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete the model judge' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(fake.callsTo('judge.delete')).toHaveLength(1));
    expect(await screen.findByLabelText(/API key \(not set\)/)).toBeInTheDocument();
  });
});
