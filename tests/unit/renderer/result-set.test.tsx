import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ResultView } from '../../../src/shared/ipc/channels/runs';
import { CompareView } from '../../../src/renderer/src/views/compare/CompareView';
import { useNavStore } from '../../../src/renderer/src/stores/nav-store';
import {
  installFakeParallax,
  normalized,
  sampleResults,
  sampleRun,
  type FakeParallax,
} from './fake-parallax';
import { resetStores } from './reset-stores';

// Compare's result-set mode: the answers a Visibility number stands for, side by side.

const DAY = Date.UTC(2025, 10, 2, 9, 0, 0);

/** A stored answer from run `runId`, fetched on 2 Nov 2025. */
function answer(resultId: string, runId: string, country: string, text: string): ResultView {
  const base = sampleResults()[0]!;
  return {
    ...base,
    resultId,
    jobId: `job-${resultId}`,
    runId,
    country,
    prompt: `prompt of ${resultId}`,
    fetchedAt: DAY,
    normalized: normalized(text, []),
  };
}

const STORED: ResultView[] = [
  answer('r1', 'run-aaaaaaaa1', 'US', 'Veloxa is the best pick for runners.'),
  answer('r2', 'run-bbbbbbbb2', 'DE', 'Veloxa and Norrun are both good picks for runners.'),
  answer('r3', 'run-cccccccc3', 'FR', 'Fleetfoot wins.'),
];

/** Three repeats of one cell (run, prompt, engine, place): two name Acme first, one Zoom. */
const REPEATS: ResultView[] = [
  {
    ...answer('rep1', 'run-ddddddddd4', 'US', 'Acme Swift leads, then Zoom Pro.'),
    prompt: 'shoes',
    repeat: 1,
  },
  { ...answer('rep2', 'run-ddddddddd4', 'US', 'Zoom Pro first; Acme after.'), prompt: 'shoes', repeat: 2 },
  { ...answer('rep3', 'run-ddddddddd4', 'US', 'Acme is the pick.'), prompt: 'shoes', repeat: 3 },
];

/** A web search results page without text (no AI overview): its organic results' titles. */
function resultsPage(resultId: string, repeat: number, ...titles: string[]): ResultView {
  const sources = titles.map((title, i) => ({
    position: i + 1,
    kind: 'organic' as const,
    url: `https://site${i + 1}.example/`,
    domain: `site${i + 1}.example`,
    title,
    snippet: null,
    redirectLink: null,
    datePublished: null,
  }));
  return {
    ...answer(resultId, 'run-eeeeeeeee5', 'US', ''),
    engine: 'search',
    prompt: 'shoes',
    repeat,
    normalized: normalized('', sources, { engine: 'search', markdown: null }),
  };
}

/** Three repeats of a web search cell: Acme named in the top result's title twice, Zoom once. */
const SERP_REPEATS: ResultView[] = [
  resultsPage('serp1', 1, 'Acme Swift review', 'Zoom Pro tested'),
  resultsPage('serp2', 2, 'Best running shoes', 'Acme Swift vs Zoom Pro'),
  resultsPage('serp3', 3, 'Zoom Pro on sale', 'Acme Swift'),
];

describe('Compare result-set mode', () => {
  let fake: FakeParallax;
  beforeEach(() => {
    resetStores();
    fake = installFakeParallax({
      'results.get': (i) =>
        [...STORED, ...REPEATS, ...SERP_REPEATS].filter((r) => i.resultIds.includes(r.resultId)),
      // Runs are named by what they are: here "Monitor 1", "Monitor 2"… after their id's last character.
      'runs.get': (i) => ({ ...sampleRun(i.runId), name: `Monitor ${i.runId.slice(-1)}` }),
    });
  });

  it('shows exactly the given answers, labelled, with what they are and how many of how many', async () => {
    useNavStore.getState().openResultSet({
      title: 'Answers naming Veloxa · US · 2 Nov',
      resultIds: ['r2', 'r1'],
      total: 312,
    });
    render(<CompareView />);
    const columns = await screen.findAllByRole('article');
    expect(columns).toHaveLength(2);
    expect(fake.callsTo('results.get')).toEqual([{ resultIds: ['r2', 'r1'] }]);
    expect(screen.getByRole('heading', { name: 'Answers naming Veloxa · US · 2 Nov' })).toBeInTheDocument();
    expect(screen.getByTestId('result-set-count').textContent).toBe('Showing 2 of 312 answers (the newest)');
    // In the set's order; each column says location, engine, date, prompt and run.
    const first = columns[0] as HTMLElement;
    expect(within(first).getByRole('heading', { level: 3 }).textContent).toBe(
      '🇩🇪 DE · Assistant A · Nov 2, 2025',
    );
    expect(first.textContent).toContain('“prompt of r2”');
    await waitFor(() => expect(first.textContent).toContain('Monitor 2'));
    expect(first.textContent).not.toContain('run-bbbb');
    expect(first.textContent).toContain('Norrun are both good');
    expect(columns[1]?.textContent).toContain('Veloxa is the best pick');
    expect(screen.queryByText('Fleetfoot wins.')).toBeNull();
    expect(screen.getAllByText('Sandbox · synthetic data')).toHaveLength(1);
    // No run picker: the view is about the set, not a run.
    expect(screen.queryByLabelText('Run')).toBeNull();
  });

  it('diffs two answers of the set', async () => {
    useNavStore
      .getState()
      .openResultSet({ title: 'Answers citing acme.com', resultIds: ['r1', 'r2'], total: 2 });
    render(<CompareView />);
    await screen.findAllByRole('article');
    expect(screen.getByTestId('result-set-count').textContent).toBe('2 answers');
    fireEvent.click(screen.getByRole('button', { name: 'Show as diff' }));
    const diff = await screen.findByTestId('word-diff');
    expect([...diff.querySelectorAll('ins')].map((n) => n.textContent).join('|')).toContain('Norrun');
  });

  it('fetches a large set in batches of 50 and says which answers are gone', async () => {
    const ids = Array.from({ length: 120 }, (_, i) => `x${i}`);
    fake.handle('results.get', (i) =>
      i.resultIds.filter((id) => id !== 'x7').map((id) => answer(id, 'run-big', 'US', `Answer ${id}.`)),
    );
    useNavStore.getState().openResultSet({ title: 'Big set', resultIds: ids, total: 120 });
    render(<CompareView />);
    await waitFor(() =>
      expect(screen.getByTestId('result-set-count').textContent).toBe('120 answers · 1 no longer stored'),
    );
    expect(fake.callsTo('results.get').map((c) => c.resultIds.length)).toEqual([50, 50, 20]);
    expect(screen.getByText(/overlap matrix is shown for up to 12 answers/)).toBeInTheDocument();
    // Drawn a page of columns at a time: the first 12 of the 119 stored, in the set's order.
    const articles = screen.getAllByRole('article');
    expect(articles).toHaveLength(12);
    expect(articles[0]?.textContent).toContain('Answer x0.');
    expect(articles[7]?.textContent).toContain('Answer x8.');
    expect(screen.getByTestId('compare-more-columns').textContent).toContain('Showing 12 of 119 columns');
  });

  it('draws a large set a page of columns at a time, its evidence read for the columns drawn', async () => {
    const ids = Array.from({ length: 30 }, (_, i) => `y${i}`);
    fake.handle('results.get', (i) => i.resultIds.map((id) => answer(id, 'run-big', 'US', `Answer ${id}.`)));
    useNavStore.getState().openResultSet({ title: 'Thirty', resultIds: ids, total: 30 });
    render(<CompareView />);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(12));
    await waitFor(() => expect(fake.callsTo('positioning.results').length).toBeGreaterThan(0));
    expect(fake.callsTo('positioning.results').flatMap((c) => c.resultIds)).toEqual(ids.slice(0, 12));

    fireEvent.click(screen.getByRole('button', { name: 'Show more answers' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(24));
    await waitFor(() =>
      expect(new Set(fake.callsTo('positioning.results').flatMap((c) => c.resultIds))).toEqual(
        new Set(ids.slice(0, 24)),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show more answers' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(30));
    expect(screen.queryByTestId('compare-more-columns')).toBeNull();

    // A diff may pick any answer of the set, drawn or not.
    fireEvent.click(screen.getByRole('button', { name: 'Show as diff' }));
    expect(await screen.findByTestId('word-diff')).toBeInTheDocument();

    // Another set starts again at its first page.
    fireEvent.click(screen.getByRole('button', { name: 'Show side by side' }));
    useNavStore.getState().openResultSet({ title: 'Thirty again', resultIds: ids.slice(1), total: 29 });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(12));
    expect(screen.getByTestId('compare-more-columns').textContent).toContain('Showing 12 of 29 columns');
  });

  it('closes back to the run view', async () => {
    useNavStore.setState({ runId: 'run-1' });
    useNavStore.getState().openResultSet({ title: 'Answers naming Veloxa', resultIds: ['r1'], total: 1 });
    render(<CompareView />);
    await screen.findByText('Veloxa is the best pick for runners.');
    fireEvent.click(screen.getByRole('button', { name: 'Back to run view' }));
    expect(useNavStore.getState().resultSet).toBeNull();
    expect(useNavStore.getState().view).toBe('compare');
    await waitFor(() => expect(fake.callsTo('runs.matrix')).toEqual([{ runId: 'run-1' }]));
    expect(screen.queryByRole('heading', { name: 'Answers naming Veloxa' })).toBeNull();
    expect(await screen.findByLabelText('Columns by')).toBeInTheDocument();
  });

  it('opens the run an answer came from, leaving the set', async () => {
    useNavStore.getState().openResultSet({ title: 'One', resultIds: ['r3'], total: 1 });
    render(<CompareView />);
    expect(await screen.findByRole('button', { name: 'Close result set' })).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Open the run Monitor 3' }));
    expect(useNavStore.getState()).toMatchObject({ runId: 'run-cccccccc3', resultSet: null });
    await waitFor(() => expect(fake.callsTo('runs.get').at(-1)).toEqual({ runId: 'run-cccccccc3' }));
  });

  it('collapses the repeats of one cell into a summary that opens them one by one', async () => {
    useNavStore.getState().openResultSet({
      title: 'Answers naming Acme',
      resultIds: ['r1', ...REPEATS.map((r) => r.resultId)],
      total: 4,
    });
    render(<CompareView />);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(screen.getByTestId('result-set-count').textContent).toBe(
      '4 answers in 2 columns (repeats of one cell together)',
    );
    const summary = await screen.findByTestId('repeat-summary');
    expect(summary.textContent).toMatch(/^3 repeats: 2 name Acme first/);
    fireEvent.click(within(summary).getByRole('button', { name: 'Open the 3 answers' }));
    expect(useNavStore.getState().resultSet).toMatchObject({
      resultIds: ['rep1', 'rep2', 'rep3'],
      total: 3,
      separate: true,
    });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
    expect(screen.queryByTestId('repeat-summary')).toBeNull();
  });

  it('summarizes web search repeats without text by their results’ titles, as Visibility counts them', async () => {
    useNavStore.getState().openResultSet({
      title: 'Answers naming Acme',
      resultIds: SERP_REPEATS.map((r) => r.resultId),
      total: 3,
    });
    render(<CompareView />);
    const summary = await screen.findByTestId('repeat-summary');
    await waitFor(() => expect(summary.textContent).toMatch(/^3 repeats: 2 name Acme first/));
  });
});
