import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ComposeView } from '../../../src/renderer/src/views/compose/ComposeView';
import { draftToSpec, initialDraft } from '../../../src/renderer/src/stores/compose-store';
import { useNavStore } from '../../../src/renderer/src/stores/nav-store';
import { fail, installFakeParallax, type FakeParallax } from './fake-parallax';
import { resetStores } from './reset-stores';

async function pickCountry(query: string): Promise<void> {
  const search = screen.getByRole('searchbox', { name: 'Search countries' });
  fireEvent.change(search, { target: { value: query } });
  fireEvent.keyDown(search, { key: 'Enter' });
}

describe('Compose view', () => {
  let fake: FakeParallax;
  beforeEach(() => {
    resetStores();
    fake = installFakeParallax();
  });

  it('builds the run spec the contract takes from the draft', () => {
    expect(
      draftToSpec({
        ...initialDraft,
        promptsText: ' a \n\n b ',
        countries: ['US'],
        engineOptions: { 'assistant-a': { include: { markdown: true } }, search: { pages: 2 } },
        tags: 'q1, shoes ,',
      }),
    ).toEqual({
      prompts: ['a', 'b'],
      engines: ['assistant-a'],
      countries: ['US'],
      states: [],
      repeats: 1,
      mode: 'sync',
      priority: 1,
      engineOptions: { 'assistant-a': { include: { markdown: true } } },
      budget: null,
      tags: ['q1', 'shoes'],
    });
  });

  it('shows availability badges and keeps coming-soon engines unselectable', async () => {
    render(<ComposeView />);
    const picker = await screen.findByRole('group', { name: 'Engines' });
    const a = within(picker).getByRole('checkbox', { name: /Assistant A/ });
    const b = within(picker).getByRole('checkbox', { name: /Assistant B/ });
    expect(a).toBeChecked();
    expect(b).toBeDisabled();
    expect(within(picker).getAllByText('coming soon').length).toBe(7);
  });

  it('re-estimates (debounced) as the draft changes, shows jobs and credits, and starts the run', async () => {
    render(<ComposeView />);
    await screen.findByRole('group', { name: 'Engines' });
    fireEvent.change(screen.getByLabelText('Prompts (one per line)'), {
      target: { value: 'best running shoes\nbest trail shoes' },
    });
    await pickCountry('united states');
    await pickCountry('germany');
    await pickCountry('france');

    await waitFor(() => expect(screen.getByTestId('estimate-jobs').textContent).toBe('6'));
    expect(screen.getByTestId('estimate-credits').textContent).toBe('30');
    const last = fake.callsTo('runs.estimate').at(-1);
    expect(last).toMatchObject({
      prompts: ['best running shoes', 'best trail shoes'],
      engines: ['assistant-a'],
      countries: ['US', 'DE', 'FR'],
    });

    const start = screen.getByRole('button', { name: 'Start run' });
    await waitFor(() => expect(start).toBeEnabled());
    fireEvent.click(start);
    await waitFor(() => expect(useNavStore.getState()).toMatchObject({ view: 'run', runId: 'run-new' }));
    expect(fake.callsTo('runs.start')[0]).toMatchObject({ countries: ['US', 'DE', 'FR'] });
  });

  it('blocks Start when the estimate names blockers (budget cap)', async () => {
    render(<ComposeView />);
    await screen.findByRole('group', { name: 'Engines' });
    fireEvent.change(screen.getByLabelText('Prompts (one per line)'), { target: { value: 'q' } });
    await pickCountry('US');
    fireEvent.change(screen.getByLabelText('Budget cap (credits)'), { target: { value: '3' } });
    const blockers = await screen.findByRole('list', { name: 'Blockers' });
    expect(blockers.textContent).toContain('exceeds the budget of 3');
    expect(fake.callsTo('runs.estimate').at(-1)).toMatchObject({ budget: 3 });
    expect(screen.getByRole('button', { name: 'Start run' })).toBeDisabled();
  });

  it('shows the IpcCallError code and per-field messages when the spec is refused', async () => {
    fake.handle('runs.estimate', () =>
      fail('VALIDATION_ERROR', 'The run spec is invalid', [
        { field: 'prompts', message: 'Too small: expected array to have >=1 items' },
        { field: 'countries', message: 'Choose at least one country or US state' },
      ]),
    );
    render(<ComposeView />);
    await screen.findByRole('group', { name: 'Engines' });
    expect(screen.getByText('Add prompts and countries to see the cost.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Prompts (one per line)'), { target: { value: 'q' } });
    await pickCountry('US');
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert.textContent).toContain('VALIDATION_ERROR');
    expect(alert.textContent).toContain('countries: Choose at least one country or US state');
    expect(screen.getByRole('button', { name: 'Start run' })).toBeDisabled();
  });

  it('imports prompts from a CSV file with a prompt column', async () => {
    render(<ComposeView />);
    const file = new File(['id,prompt\n1,"best shoes, 2025"\n2,trail shoes\n3,\n'], 'prompts.csv', {
      type: 'text/csv',
    });
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Import prompts from CSV'), { target: { files: [file] } });
    });
    await screen.findByText('Imported 2 prompts from prompts.csv');
    expect((screen.getByLabelText('Prompts (one per line)') as HTMLTextAreaElement).value).toBe(
      'best shoes, 2025\ntrail shoes',
    );
  });

  it('refuses a CSV file that is not text, naming the line, and imports nothing', async () => {
    render(<ComposeView />);
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('prompt\nfine shoes\n'),
      0xff,
      0xfe,
      0x41,
      0x0a,
    ]);
    const file = new File([bytes], 'scan.csv', { type: 'text/csv' });
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Import prompts from CSV'), { target: { files: [file] } });
    });
    await screen.findByText(
      'Not imported: scan.csv line 3 is not UTF-8 text (byte 0xFF): save the file as UTF-8.',
    );
    expect((screen.getByLabelText('Prompts (one per line)') as HTMLTextAreaElement).value).toBe('');
  });

  it('passes per-engine options into the spec', async () => {
    render(<ComposeView />);
    await screen.findByRole('group', { name: 'Engines' });
    fireEvent.change(screen.getByLabelText('Prompts (one per line)'), { target: { value: 'q' } });
    await pickCountry('US');
    fireEvent.click(screen.getByText('Assistant A options'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Markdown' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Disable web search' }));
    await waitFor(() =>
      expect(fake.callsTo('runs.estimate').at(-1)?.engineOptions).toEqual({
        'assistant-a': { include: { markdown: true }, disableWebSearch: true },
      }),
    );
  });

  it('tracks shopping and ads as one option: in the spec, said per engine, its credits in the estimate', async () => {
    fake.handle('runs.estimate', (spec) => ({
      jobs: 1,
      maxCredits: spec.commerce ? 7 : 5,
      balance: null,
      balanceAfter: null,
      budget: null,
      blockers: [],
      fieldErrors: [],
      unavailableEngines: [],
      ...(spec.commerce
        ? {
            commerce: {
              credits: 2,
              engines: [{ engine: 'assistant-a' as const, flags: ['shopping' as const, 'ads' as const] }],
            },
          }
        : {}),
    }));
    render(<ComposeView />);
    await screen.findByRole('group', { name: 'Engines' });
    fireEvent.change(screen.getByLabelText('Prompts (one per line)'), { target: { value: 'q' } });
    await pickCountry('US');
    await waitFor(() => expect(screen.getByTestId('estimate-credits').textContent).toBe('5'));
    expect(screen.queryByTestId('estimate-commerce-credits')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: /Track shopping and ads/ }));
    await waitFor(() =>
      expect(fake.callsTo('runs.estimate').at(-1)?.commerce).toEqual({
        shoppingAndAds: true,
        expandProducts: false,
      }),
    );
    expect(screen.getByTestId('commerce-option-hint').textContent).toBe(
      'Sets shopping and ads on Assistant A.',
    );
    await waitFor(() => expect(screen.getByTestId('estimate-commerce-credits').textContent).toBe('+2'));
    expect(screen.getByTestId('estimate-credits').textContent).toBe('7');
    // Off again: the spec carries no option.
    fireEvent.click(screen.getByRole('checkbox', { name: /Track shopping and ads/ }));
    await waitFor(() => expect(fake.callsTo('runs.estimate').at(-1)?.commerce).toBeUndefined());
  });
});
