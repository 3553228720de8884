import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PromptSetView, SavedPromptView } from '../../../src/shared/ipc/channels/library';
import { LibraryView } from '../../../src/renderer/src/views/library/LibraryView';
import { SaveToLibrary } from '../../../src/renderer/src/views/compose/SaveToLibrary';
import { useComposeStore } from '../../../src/renderer/src/stores/compose-store';
import { useNavStore } from '../../../src/renderer/src/stores/nav-store';
import { useToastStore } from '../../../src/renderer/src/stores/toast-store';
import {
  fail,
  installFakeParallax,
  SAMPLE_PROMPT,
  SAMPLE_PROMPTS,
  SAMPLE_SETS,
  type FakeParallax,
} from './fake-parallax';
import { resetStores } from './reset-stores';

type Overrides = NonNullable<Parameters<typeof installFakeParallax>[0]>;

/** Handlers over a small in-memory library, so saves and deletes show up in the next list. */
function libraryHandlers() {
  let prompts: SavedPromptView[] = SAMPLE_PROMPTS.map((p) => ({ ...p, tags: [...p.tags] }));
  let sets: PromptSetView[] = SAMPLE_SETS.map((s) => ({ ...s, promptIds: [...s.promptIds] }));
  let next = 1;
  return {
    'prompts.list': (i) =>
      i.tag === undefined ? prompts : prompts.filter((p) => p.tags.includes(i.tag ?? '')),
    'prompts.save': (i) => {
      const saved = { id: i.id ?? `p-${next++}`, text: i.text, tags: i.tags ?? [], createdAt: 0 };
      prompts = [...prompts.filter((p) => p.id !== saved.id), saved];
      return saved;
    },
    'prompts.delete': (i) => {
      prompts = prompts.filter((p) => p.id !== i.id);
      sets = sets.map((s) => ({ ...s, promptIds: s.promptIds.filter((id) => id !== i.id) }));
      return { deleted: true };
    },
    'promptSets.list': () => sets,
    'promptSets.save': (i) => {
      const saved = { id: i.id ?? `s-${next++}`, name: i.name, promptIds: i.promptIds, tags: i.tags ?? [] };
      sets = [...sets.filter((s) => s.id !== saved.id), saved];
      return saved;
    },
    'promptSets.delete': (i) => {
      sets = sets.filter((s) => s.id !== i.id);
      return { deleted: true };
    },
  } satisfies Overrides;
}

function rowOf(table: HTMLElement, text: string): HTMLElement {
  const row = within(table)
    .getAllByRole('row')
    .find((r) => r.textContent?.includes(text));
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}

describe('Library view', () => {
  let fake: FakeParallax;
  let library: ReturnType<typeof libraryHandlers>;
  beforeEach(() => {
    resetStores();
    library = libraryHandlers();
    fake = installFakeParallax(library);
    useNavStore.setState({ view: 'library' });
  });

  it('imports and exports prompts and topics as CSV through main, naming the rows it skipped', async () => {
    const errors = Array.from({ length: 12 }, (_, i) => ({ line: i + 3, message: `row ${i + 3} is bad` }));
    fake = installFakeParallax({
      ...library,
      'prompts.importCsv': () => ({ path: '/tmp/p.csv', created: 2, updated: 1, unchanged: 4, errors }),
      'prompts.exportCsv': () => ({ path: '/tmp/out.csv', prompts: 1 }),
    });
    render(<LibraryView />);
    await screen.findByRole('table', { name: 'Saved prompts' });
    const listsBefore = fake.callsTo('prompts.list').length;
    fireEvent.click(screen.getByLabelText('Replace the topics of prompts already saved'));
    fireEvent.click(screen.getByRole('button', { name: 'Import CSV…' }));
    const skipped = await screen.findByRole('list', { name: 'Rows skipped' });
    expect(fake.callsTo('prompts.importCsv')).toEqual([{ replaceTopics: true }]);
    expect(screen.getByText(/2 added, 1 with new topics, 4 unchanged, 12 skipped/)).toBeInTheDocument();
    const items = within(skipped)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toHaveLength(11);
    expect(items[0]).toBe('Line 3: row 3 is bad');
    expect(items[10]).toBe('… and 2 more.');
    // The library is read again after an import.
    await waitFor(() => expect(fake.callsTo('prompts.list').length).toBeGreaterThan(listsBefore));

    fireEvent.change(screen.getByLabelText('Filter by tag'), { target: { value: 'trail' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Export “trail” as CSV…' }));
    expect(await screen.findByText('Wrote 1 prompt with their topics to /tmp/out.csv.')).toBeInTheDocument();
    expect(fake.callsTo('prompts.exportCsv')).toEqual([{ topic: 'trail' }]);
  });

  it('shows why an import was refused, and keeps the library as it was', async () => {
    fake = installFakeParallax({
      ...library,
      'prompts.importCsv': () => fail('VALIDATION', '/tmp/x.csv: the file has no "prompt" column'),
    });
    render(<LibraryView />);
    await screen.findByRole('table', { name: 'Saved prompts' });
    fireEvent.click(screen.getByRole('button', { name: 'Import CSV…' }));
    expect(await screen.findByText(/no "prompt" column/)).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Saved prompts' })).getAllByRole('row')).toHaveLength(4);
  });

  it('lists saved prompts and sets with their tags, and filters both by tag', async () => {
    render(<LibraryView />);
    expect(screen.getByRole('heading', { level: 1, name: 'Library' })).toBeInTheDocument();
    const prompts = await screen.findByRole('table', { name: 'Saved prompts' });
    expect(within(prompts).getAllByRole('row')).toHaveLength(4);
    const sets = screen.getByRole('table', { name: 'Prompt sets' });
    expect(rowOf(sets, 'Shoe prompts').textContent).toContain('2 prompts');
    expect(screen.getByRole('status').textContent).toBe('3 saved prompts · 2 sets');

    const filter = screen.getByLabelText('Filter by tag');
    expect([...filter.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'All tags',
      'finance',
      'shoes',
      'trail',
    ]);
    fireEvent.change(filter, { target: { value: 'trail' } });
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Saved prompts' })).getAllByRole('row')).toHaveLength(
        2,
      ),
    );
    expect(fake.callsTo('prompts.list')).toContainEqual({ tag: 'trail' });
    expect(
      rowOf(screen.getByRole('table', { name: 'Saved prompts' }), 'trail running').textContent,
    ).toContain('best trail running shoes');
    // No set is tagged "trail".
    expect(screen.queryByRole('table', { name: 'Prompt sets' })).toBeNull();
    expect(screen.getByText('No set is tagged “trail”.')).toBeInTheDocument();

    fireEvent.change(filter, { target: { value: 'finance' } });
    const financeSets = await screen.findByRole('table', { name: 'Prompt sets' });
    expect(within(financeSets).getAllByRole('row')).toHaveLength(2);
    expect(rowOf(financeSets, 'Money')).toBeInTheDocument();
  });

  it('saves a new prompt with its tags, and shows the service’s per-field messages next to the inputs', async () => {
    render(<LibraryView />);
    await screen.findByRole('table', { name: 'Saved prompts' });
    const form = screen.getByRole('form', { name: 'New prompt' });
    const save = within(form).getByRole('button', { name: 'Save prompt' });
    expect(save).toBeDisabled();

    fake.handle('prompts.save', () =>
      fail('VALIDATION_ERROR', 'Invalid input for prompts.save', [
        { field: 'tags.1', message: 'Too big: expected string to have <=50 characters' },
      ]),
    );
    fireEvent.change(within(form).getByLabelText('Prompt'), { target: { value: ' cheap flights to rome ' } });
    fireEvent.change(within(form).getByLabelText('Tags (comma separated)'), {
      target: { value: 'travel, ' + 'x'.repeat(60) },
    });
    fireEvent.click(save);
    const tags = within(form).getByLabelText('Tags (comma separated)');
    await waitFor(() => expect(tags).toHaveAttribute('aria-invalid', 'true'));
    expect(tags).toHaveAccessibleDescription('Too big: expected string to have <=50 characters');
    expect(within(form).getByRole('alert').textContent).toContain('VALIDATION_ERROR');
    expect(within(form).getByLabelText('Prompt')).not.toHaveAttribute('aria-invalid');

    fake.handle('prompts.save', library['prompts.save']);
    fireEvent.change(tags, { target: { value: 'travel, europe, travel' } });
    fireEvent.click(save);
    await waitFor(() =>
      expect(fake.callsTo('prompts.save').at(-1)).toEqual({
        text: 'cheap flights to rome',
        tags: ['travel', 'europe'],
      }),
    );
    const table = screen.getByRole('table', { name: 'Saved prompts' });
    await waitFor(() => expect(rowOf(table, 'cheap flights to rome').textContent).toContain('europe'));
    expect(within(form).getByLabelText('Prompt')).toHaveValue('');
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('edits a prompt’s tags and deletes a prompt after a confirm', async () => {
    render(<LibraryView />);
    const table = await screen.findByRole('table', { name: 'Saved prompts' });
    fireEvent.click(screen.getByRole('button', { name: 'Edit: best bank for students' }));
    const form = screen.getByRole('form', { name: 'Edit prompt' });
    expect(within(form).getByLabelText('Prompt')).toHaveValue('best bank for students');
    fireEvent.change(within(form).getByLabelText('Tags (comma separated)'), {
      target: { value: 'finance, students' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save prompt' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit prompt' })).toBeNull());
    expect(fake.callsTo('prompts.save')).toEqual([
      { id: 'p-bank', text: 'best bank for students', tags: ['finance', 'students'] },
    ]);
    expect(rowOf(table, 'bank').textContent).toContain('students');

    fireEvent.click(screen.getByRole('button', { name: 'Delete prompt: best bank for students' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete prompt: best bank for students' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(fake.callsTo('prompts.delete')).toEqual([{ id: 'p-bank' }]);
    // The set that held it is now empty, so it cannot be used in Compose.
    const sets = screen.getByRole('table', { name: 'Prompt sets' });
    expect(rowOf(sets, 'Money').textContent).toContain('0 prompts');
    expect(within(sets).getByRole('button', { name: 'Use in Compose: set Money' })).toBeDisabled();
  });

  it('builds a prompt set from saved prompts, with a per-field message when the name is refused', async () => {
    render(<LibraryView />);
    await screen.findByRole('table', { name: 'Prompt sets' });
    fireEvent.click(screen.getByRole('button', { name: 'New set' }));
    const form = screen.getByRole('form', { name: 'New prompt set' });
    const save = within(form).getByRole('button', { name: 'Save set' });
    fireEvent.change(within(form).getByLabelText('Set name'), { target: { value: 'Mixed' } });
    expect(save).toBeDisabled();
    expect(within(form).getByText('Choose at least one prompt.')).toBeInTheDocument();
    const chooser = within(form).getByRole('group', { name: 'Prompts in the set' });
    fireEvent.click(within(chooser).getByLabelText('best bank for students'));
    fireEvent.click(within(chooser).getByLabelText(SAMPLE_PROMPT));
    fireEvent.change(within(form).getByLabelText('Tags (comma separated)'), { target: { value: 'mixed' } });

    fake.handle('promptSets.save', () =>
      fail('VALIDATION_ERROR', 'Invalid input for promptSets.save', [
        { field: 'name', message: 'Too big: expected string to have <=200 characters' },
      ]),
    );
    fireEvent.click(save);
    const name = within(form).getByLabelText('Set name');
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription('Too big: expected string to have <=200 characters'),
    );
    expect(name).toHaveAttribute('aria-invalid', 'true');

    fake.handle('promptSets.save', library['promptSets.save']);
    fireEvent.click(save);
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New prompt set' })).toBeNull());
    // The order the prompts were chosen in is the set's order.
    expect(fake.callsTo('promptSets.save').at(-1)).toEqual({
      name: 'Mixed',
      promptIds: ['p-bank', 'p-shoes'],
      tags: ['mixed'],
    });
    expect(rowOf(screen.getByRole('table', { name: 'Prompt sets' }), 'Mixed').textContent).toContain(
      '2 prompts',
    );
  });

  it('loads a prompt or a whole set into Compose without duplicating prompts already there', async () => {
    useComposeStore.setState({ promptsText: 'best trail running shoes' });
    render(<LibraryView />);
    await screen.findByRole('table', { name: 'Saved prompts' });
    fireEvent.click(screen.getByRole('button', { name: 'Use in Compose: set Shoe prompts' }));
    expect(useComposeStore.getState().promptsText).toBe(`best trail running shoes\n${SAMPLE_PROMPT}`);
    expect(useNavStore.getState().view).toBe('compose');
    expect(useToastStore.getState().toasts.at(-1)?.message).toBe(
      'Added 1 prompt from the set Shoe prompts to Compose',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Use in Compose: best bank for students' }));
    expect(useComposeStore.getState().promptsText.split('\n')).toEqual([
      'best trail running shoes',
      SAMPLE_PROMPT,
      'best bank for students',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Use in Compose: best bank for students' }));
    expect(useComposeStore.getState().promptsText.split('\n')).toHaveLength(3);
    expect(useToastStore.getState().toasts.at(-1)?.message).toBe(
      'Every prompt of the library is already in Compose',
    );
  });

  it('shows empty, loading and error states', async () => {
    fake.handle('prompts.list', () => []);
    fake.handle('promptSets.list', () => []);
    const { unmount } = render(<LibraryView />);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(
      await screen.findByText(
        'No saved prompts yet. Add one above, or save the prompts of a run from Compose.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('No prompt sets yet. A set groups saved prompts you run together.'),
    ).toBeInTheDocument();
    unmount();

    resetStores();
    fake.handle('prompts.list', library['prompts.list']);
    fake.handle('promptSets.list', () => fail('HISTORY_LOCKED', 'The history is locked by another process'));
    render(<LibraryView />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('HISTORY_LOCKED');
    fake.handle('promptSets.list', library['promptSets.list']);
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Saved prompts' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('Compose: Save prompts to library', () => {
  let fake: FakeParallax;
  beforeEach(() => {
    resetStores();
    fake = installFakeParallax(libraryHandlers());
  });

  it('saves new prompts with the tags and only adds the tags to prompts already saved', async () => {
    useComposeStore.setState({
      promptsText: `${SAMPLE_PROMPT}\nwaterproof hiking boots\n\nwaterproof hiking boots`,
    });
    render(<SaveToLibrary />);
    const open = screen.getByRole('button', { name: 'Save prompts to library' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(open);
    const form = screen.getByRole('form', { name: 'Save prompts to library' });
    fireEvent.change(within(form).getByLabelText('Tags for the saved prompts (comma separated)'), {
      target: { value: 'outdoor, shoes' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save 3 prompts' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Saved to the library: 1 new, 1 given the tags.',
    );
    expect(fake.callsTo('prompts.save')).toEqual([
      { id: 'p-shoes', text: SAMPLE_PROMPT, tags: ['shoes', 'outdoor'] },
      { text: 'waterproof hiking boots', tags: ['outdoor', 'shoes'] },
    ]);
    expect(screen.queryByRole('form', { name: 'Save prompts to library' })).toBeNull();

    // Saving again changes nothing.
    fireEvent.click(open);
    fireEvent.click(screen.getByRole('button', { name: 'Save 3 prompts' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Saved to the library: 0 new, 2 already saved.',
    );
    expect(fake.callsTo('prompts.save')).toHaveLength(2);
  });

  it('is disabled without prompts and shows a refused tag next to the tags input', async () => {
    const { rerender } = render(<SaveToLibrary />);
    expect(screen.getByRole('button', { name: 'Save prompts to library' })).toBeDisabled();
    useComposeStore.setState({ promptsText: 'a new prompt' });
    rerender(<SaveToLibrary />);
    fake.handle('prompts.save', () =>
      fail('VALIDATION_ERROR', 'Invalid input for prompts.save', [
        { field: 'tags', message: 'Too big: expected array to have <=20 items' },
      ]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save prompts to library' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save 1 prompt' }));
    const tags = screen.getByLabelText('Tags for the saved prompts (comma separated)');
    await waitFor(() =>
      expect(tags).toHaveAccessibleDescription('Too big: expected array to have <=20 items'),
    );
    expect(screen.getByRole('alert').textContent).toContain('VALIDATION_ERROR');
    expect(screen.getByRole('form', { name: 'Save prompts to library' })).toBeInTheDocument();
  });
});
