import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { VisibilityView } from '../../../src/renderer/src/views/visibility/VisibilityView';
import { installFakeParallax, type FakeParallax } from './fake-parallax';
import { resetStores } from './reset-stores';

// The Visibility view's Prompts table: per prompt (or topic) the focus brand's numbers, each with
// interval, n and change ("few answers" under 30 a side); sortable; filtered by topic; branded
// prompts marked; a row opens exactly its answers in Compare; the non-branded switch reads
// every number again without the branded prompts.

const rowNames = (table: HTMLElement): string[] =>
  within(table)
    .getAllByRole('rowheader')
    .map((th) => within(th).getAllByRole('button')[0]?.textContent ?? '');

describe('the Prompts table', () => {
  let fake: FakeParallax;
  beforeEach(() => {
    resetStores();
    fake = installFakeParallax();
  });

  async function openTable(): Promise<HTMLElement> {
    render(<VisibilityView />);
    return screen.findByRole('table', { name: 'Prompts' });
  }

  it('shows each prompt with its numbers, intervals, n and changes, few answers said in words, branded marked', async () => {
    const table = await openTable();
    expect(fake.callsTo('visibility.prompts')[0]).toEqual({
      scope: { kind: 'all' },
      period: { days: 30 },
      by: 'prompt',
    });
    expect(rowNames(table)).toEqual([
      'best running shoes for beginners',
      'is Zoom good for trail running',
      'lightest racing flats',
    ]);
    const first = within(table).getByRole('row', { name: /best running shoes/ });
    const cells = within(first).getAllByRole('cell');
    expect(cells[0]?.textContent).toBe('200');
    expect(cells[1]?.textContent).toContain('75 %');
    expect(cells[1]?.textContent).toContain('n = 200');
    expect(cells[1]?.textContent).toContain('+5 pts');
    expect(cells[3]?.textContent).toContain('n = 150');
    expect(within(first).getByText('Buying guides')).toBeTruthy();

    const branded = within(table).getByRole('row', { name: /is Zoom good/ });
    expect(within(branded).getByText('branded').getAttribute('title')).toContain('Names Zoom');
    expect(within(first).queryByText('branded')).toBeNull();

    const thin = within(table).getByRole('row', { name: /lightest racing flats/ });
    expect(within(thin).getAllByRole('cell')[1]?.textContent).toContain('few answers');
    expect(within(thin).getAllByRole('cell')[1]?.textContent).not.toContain('n.s.');
  });

  it('sorts by a column from its header, and again the other way', async () => {
    const table = await openTable();
    const head = () => within(table).getByRole('columnheader', { name: /Mention rate/ });
    fireEvent.click(within(head()).getByRole('button', { name: 'Sort by mention rate' }));
    expect(head().getAttribute('aria-sort')).toBe('descending');
    expect(rowNames(table)[0]).toBe('best running shoes for beginners');
    expect(rowNames(table)[2]).toBe('is Zoom good for trail running');
    fireEvent.click(within(head()).getByRole('button', { name: 'Sort by mention rate' }));
    expect(head().getAttribute('aria-sort')).toBe('ascending');
    expect(rowNames(table)[0]).toBe('is Zoom good for trail running');
    fireEvent.click(within(table).getByRole('button', { name: 'Sort by prompt' }));
    expect(rowNames(table)).toEqual([
      'best running shoes for beginners',
      'is Zoom good for trail running',
      'lightest racing flats',
    ]);
  });

  it('filters by topic, prompts without a topic included', async () => {
    await openTable();
    const topic = screen.getByRole('combobox', { name: 'Topic' });
    fireEvent.change(topic, { target: { value: 'Trail' } });
    expect(rowNames(screen.getByRole('table', { name: 'Prompts' }))).toEqual([
      'is Zoom good for trail running',
    ]);
    fireEvent.change(topic, { target: { value: '\u0000none' } });
    expect(rowNames(screen.getByRole('table', { name: 'Prompts' }))).toEqual(['lightest racing flats']);
  });

  it('opens exactly a prompt’s answers in Compare, and a topic’s by topic', async () => {
    const table = await openTable();
    fireEvent.click(within(table).getByRole('button', { name: 'is Zoom good for trail running' }));
    await waitFor(() => expect(fake.callsTo('visibility.results')).toHaveLength(1));
    expect(fake.callsTo('visibility.results')[0]).toMatchObject({
      drill: { prompt: 'is Zoom good for trail running' },
    });

    fireEvent.click(screen.getByRole('button', { name: 'By topic' }));
    const topics = await screen.findByRole('table', { name: 'Topics' });
    expect(fake.callsTo('visibility.prompts').at(-1)).toMatchObject({ by: 'topic' });
    expect(rowNames(topics)).toEqual(['Buying guides', 'Trail', '(no topic)']);
    expect(within(topics).getByText('1 of 1 branded')).toBeTruthy();
    fireEvent.click(within(topics).getByRole('button', { name: 'Trail' }));
    await waitFor(() => expect(fake.callsTo('visibility.results')).toHaveLength(2));
    expect(fake.callsTo('visibility.results')[1]).toMatchObject({ drill: { topic: 'Trail' } });
  });

  it('reads every number without the branded prompts when the switch is on', async () => {
    await openTable();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Non-branded prompts only' }));
    await waitFor(() => expect(fake.callsTo('visibility.prompts').at(-1)).toMatchObject({ unbranded: true }));
    expect(fake.callsTo('visibility.overview').at(-1)).toMatchObject({ unbranded: true });
    expect(fake.callsTo('findings.list').at(-1)).toMatchObject({ unbranded: true });
  });
});
