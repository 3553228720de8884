import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PromptSuggestionView, SuggestionsListView } from '../../../src/shared/ipc/channels/suggestions';
import { LibraryView } from '../../../src/renderer/src/views/library/LibraryView';
import { useNavStore } from '../../../src/renderer/src/stores/nav-store';
import { fail, installFakeParallax, type FakeParallax } from './fake-parallax';
import { sampleMonitor } from './fake-samples';
import { resetStores } from './reset-stores';

// The Library's prompts worth tracking: listed with their sources and signals (impressions as a
// proxy), filtered by source, one add action (library with a topic, or a monitor), dismiss.

const suggestion = (over: Partial<PromptSuggestionView>): PromptSuggestionView => ({
  id: 'aaaaaaaaaa',
  text: 'which crm is best for a small team',
  sources: ['gsc'],
  variants: ['which crm is best for a small team'],
  impressions: null,
  clicks: null,
  citations: null,
  answers: null,
  engines: [],
  score: 1,
  ...over,
});

const SAMPLE: PromptSuggestionView[] = [
  suggestion({
    id: 'a1a1a1a1a1',
    impressions: 800,
    clicks: 7,
    variants: ['which crm is best for a small team', 'best CRM for small teams'],
  }),
  suggestion({ id: 'b2b2b2b2b2', text: 'crm with email integration', sources: ['bing'], citations: 6 }),
  suggestion({
    id: 'c3c3c3c3c3',
    text: 'crm pricing 2026',
    sources: ['fanout'],
    answers: 4,
    engines: ['assistant-a'],
  }),
];

/** Suggestions in memory: adding or dismissing one removes it from the next list, as main does. */
function suggestionHandlers() {
  let open = [...SAMPLE];
  let dismissed = 0;
  const list = (source?: string): SuggestionsListView => {
    const shown = source ? open.filter((s) => s.sources.includes(source as 'gsc')) : open;
    return {
      suggestions: shown,
      total: shown.length,
      bySource: {
        gsc: open.filter((s) => s.sources.includes('gsc')).length,
        bing: open.filter((s) => s.sources.includes('bing')).length,
        fanout: open.filter((s) => s.sources.includes('fanout')).length,
      },
      dismissed,
      notes: [
        'Impressions are Search Console\u2019s: a proxy for how often people search it, never a volume.',
      ],
    };
  };
  const take = (id: string): PromptSuggestionView => {
    const found = open.find((s) => s.id === id);
    if (!found)
      fail('SUGGESTION_NOT_FOUND', 'This suggestion is no longer offered', [
        { field: 'id', message: 'gone' },
      ]);
    open = open.filter((s) => s.id !== id);
    return found;
  };
  return {
    'suggestions.list': (i: { source?: string }) => list(i.source),
    'suggestions.add': (i: { id: string; topic?: string; monitorId?: string }) => {
      const s = take(i.id);
      return i.monitorId
        ? { suggestion: s, target: 'monitor' as const, monitor: 'Weekly CRM', added: true, topics: [] }
        : {
            suggestion: s,
            target: 'library' as const,
            monitor: null,
            added: true,
            topics: i.topic ? [i.topic] : [],
          };
    },
    'suggestions.dismiss': (i: { id: string }) => {
      const s = take(i.id);
      dismissed += 1;
      return { id: s.id, text: s.text, dismissed: true };
    },
    'monitors.list': () => [sampleMonitor({ id: 'm-1', name: 'Weekly CRM' })],
  };
}

function panelTable(): Promise<HTMLElement> {
  return screen.findByRole('table', { name: 'Prompts worth tracking' });
}

describe('Library: prompts worth tracking', () => {
  let fake: FakeParallax;
  beforeEach(() => {
    resetStores();
    fake = installFakeParallax(suggestionHandlers());
    useNavStore.setState({ view: 'library' });
  });

  it('lists each suggestion with where it came from, impressions labelled a proxy, and folded near-duplicates', async () => {
    render(<LibraryView />);
    const table = await panelTable();
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    const first = rows[1] as HTMLElement;
    expect(first.textContent).toContain('Search Console');
    expect(first.textContent).toContain('800 impressions (a proxy, not search volume)');
    expect(first.textContent).toContain('1 near-duplicate folded in');
    expect(first.textContent).toContain('best CRM for small teams');
    expect((rows[2] as HTMLElement).textContent).toContain('6 citations in Bing answers');
    expect((rows[3] as HTMLElement).textContent).toContain('searched in 4 answers');
    expect(screen.getByText(/never a volume/)).toBeTruthy();
    expect(table.textContent).not.toMatch(/search volume:/i);
  });

  it('filters by source through main', async () => {
    render(<LibraryView />);
    await panelTable();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: 'bing' } });
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Prompts worth tracking' })).getAllByRole('row'),
      ).toHaveLength(2),
    );
    expect(fake.callsTo('suggestions.list').at(-1)).toEqual({ source: 'bing' });
    expect(screen.getByRole('table', { name: 'Prompts worth tracking' }).textContent).toContain(
      'crm with email integration',
    );
  });

  it('adds a suggestion to the library under a topic in one action, then reads the library again', async () => {
    render(<LibraryView />);
    await panelTable();
    const librariesBefore = fake.callsTo('prompts.list').length;
    fireEvent.click(screen.getByRole('button', { name: 'Add: which crm is best for a small team' }));
    const form = screen.getByRole('form', { name: 'Add: which crm is best for a small team' });
    fireEvent.change(within(form).getByLabelText('Topic'), { target: { value: 'CRM' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(fake.callsTo('suggestions.add')).toEqual([{ id: 'a1a1a1a1a1', topic: 'CRM' }]),
    );
    await screen.findByText('Added to the library: which crm is best for a small team');
    await waitFor(() => expect(fake.callsTo('prompts.list').length).toBeGreaterThan(librariesBefore));
    expect(within(await panelTable()).getAllByRole('row')).toHaveLength(3);
  });

  it('reads the suggestions again when a prompt is saved in the library', async () => {
    render(<LibraryView />);
    await panelTable();
    const before = fake.callsTo('suggestions.list').length;
    const form = screen.getByRole('form', { name: 'New prompt' });
    fireEvent.change(within(form).getByLabelText('Prompt'), { target: { value: 'crm pricing 2026' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save prompt' }));
    await waitFor(() => expect(fake.callsTo('prompts.save')).toHaveLength(1));
    await waitFor(() => expect(fake.callsTo('suggestions.list').length).toBeGreaterThan(before));
  });

  it('adds a suggestion to a monitor chosen in the same form, with no topic', async () => {
    render(<LibraryView />);
    await panelTable();
    fireEvent.click(screen.getByRole('button', { name: 'Add: crm with email integration' }));
    const form = screen.getByRole('form', { name: 'Add: crm with email integration' });
    fireEvent.change(within(form).getByLabelText('Add to'), { target: { value: 'm-1' } });
    expect(within(form).queryByLabelText('Topic')).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    await screen.findByText('Added to monitor Weekly CRM: crm with email integration');
    expect(fake.callsTo('suggestions.add')).toEqual([{ id: 'b2b2b2b2b2', monitorId: 'm-1' }]);
  });

  it('dismisses a suggestion, which leaves the list and is counted as dismissed', async () => {
    render(<LibraryView />);
    await panelTable();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss: crm pricing 2026' }));
    await screen.findByText('Dismissed: crm pricing 2026');
    await waitFor(() => expect(screen.getByText(/2 of 2 suggestions · 1 dismissed/)).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Dismiss: crm pricing 2026' })).toBeNull();
  });

  it('shows a gone suggestion as an error in its own form, the rest of the list untouched', async () => {
    fake.handle('suggestions.add', () =>
      fail('SUGGESTION_NOT_FOUND', 'This suggestion is no longer offered', [
        { field: 'id', message: 'gone' },
      ]),
    );
    render(<LibraryView />);
    await panelTable();
    fireEvent.click(screen.getByRole('button', { name: 'Add: crm pricing 2026' }));
    const form = screen.getByRole('form', { name: 'Add: crm pricing 2026' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect((await within(form).findByRole('alert')).textContent).toContain('no longer offered');
    expect(within(await panelTable()).getAllByRole('row').length).toBeGreaterThan(3);
  });
});
