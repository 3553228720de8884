import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CompareView } from '../../../src/renderer/src/views/compare/CompareView';
import { Toasts } from '../../../src/renderer/src/components/Toasts';
import { compareColumns } from '../../../src/renderer/src/lib/compare-columns';
import { useNavStore } from '../../../src/renderer/src/stores/nav-store';
import { useToastStore } from '../../../src/renderer/src/stores/toast-store';
import { installFakeParallax, sampleCells, type FakeParallax } from './fake-parallax';
import { resetStores } from './reset-stores';

async function renderCompare(): Promise<void> {
  useNavStore.setState({ runId: 'run-1', view: 'compare' });
  render(
    <>
      <CompareView />
      <Toasts />
    </>,
  );
  await screen.findByRole('article', { name: /Answer .*US/ });
  await screen.findByText(/Les meilleures chaussures/);
}

describe('Compare view', () => {
  let fake: FakeParallax;
  beforeEach(() => {
    resetStores();
    fake = installFakeParallax();
  });

  it('picks columns by location, engine or repeat from the job matrix', () => {
    const cells = sampleCells();
    const base = { promptIndex: 0, engine: null, location: null, repeat: null } as const;
    expect(compareColumns(cells, { ...base, groupBy: 'location' }).map((c) => c.label)).toEqual([
      '🇺🇸 US',
      '🇩🇪 DE',
      '🇫🇷 FR',
    ]);
    expect(compareColumns(cells, { ...base, groupBy: 'engine' }).map((c) => c.label)).toEqual([
      'Assistant A',
    ]);
    expect(compareColumns(cells, { ...base, groupBy: 'engine', location: 'DE' })[0]?.cell.country).toBe('DE');
  });

  it('puts engines side by side in the catalog order, not the order the run stored them in', () => {
    const us = sampleCells().find((c) => c.country === 'US' && c.promptIndex === 0);
    if (!us) throw new Error('no US cell');
    const cells = (['search-news', 'search', 'assistant-b', 'search-ai', 'assistant-a'] as const).map(
      (engine, i) => ({ ...us, engine, jobId: `job-${i}` }),
    );
    const base = { promptIndex: 0, engine: null, location: null, repeat: null } as const;
    expect(compareColumns(cells, { ...base, groupBy: 'engine' }).map((c) => c.label)).toEqual([
      'Assistant A',
      'Assistant B',
      'Web search',
      'News search',
      'Search AI mode',
    ]);
    // The other groupings fix the engine to the first in that order.
    expect(compareColumns(cells, { ...base, groupBy: 'location' })[0]?.cell.engine).toBe('assistant-a');
  });

  it('shows one column per country with highlighted brands, shared sources and the overlap matrix', async () => {
    await renderCompare();
    const columns = screen.getAllByRole('article');
    expect(columns).toHaveLength(3);
    expect(fake.callsTo('results.get')[0]?.resultIds).toEqual([
      'run-1-res-US',
      'run-1-res-DE',
      'run-1-res-FR',
    ]);
    const us = columns[0] as HTMLElement;
    const marks = [...us.querySelectorAll('mark.brand-mention')].map((m) => m.textContent);
    expect(marks).toEqual(['Acme Swift', 'Zoom Pro', 'Acme']);
    // runnersworld.com is cited by US and DE: marked shared in both columns, not in FR.
    expect(within(us).getByText('shared 2/3')).toBeInTheDocument();
    expect(within(columns[2] as HTMLElement).queryByText(/shared/)).toBeNull();
    const matrix = screen.getByRole('table', { name: /Source overlap/ });
    // US {runnersworld, acme} vs DE {runnersworld, laufen}: 1 shared of 3.
    expect(within(matrix).getAllByRole('row')[1]?.textContent).toContain('33 %');
    // One synthetic-data badge for the screen (no sandbox banner here), none per answer.
    expect(screen.getAllByText('Sandbox · synthetic data')).toHaveLength(1);
    for (const column of columns) expect(within(column).queryByText('Sandbox · synthetic data')).toBeNull();
  });

  it('toggles diff mode between two columns, word level and source sets, and back', async () => {
    await renderCompare();
    fireEvent.click(screen.getByRole('button', { name: 'Show as diff' }));
    const diff = await screen.findByTestId('word-diff');
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    // US → DE by default: "Acme Swift and Zoom Pro" became "Zoom Pro and Acme Swift".
    expect(diff.querySelectorAll('ins').length).toBeGreaterThan(0);
    expect(diff.querySelectorAll('del').length).toBeGreaterThan(0);
    expect([...diff.querySelectorAll('ins')].map((n) => n.textContent).join('|')).toContain('price');
    expect([...diff.querySelectorAll('del')].map((n) => n.textContent).join('|')).toContain('comfort');
    const sources = screen.getByLabelText('Source domains diff');
    expect(within(sources).getByText('acme.com').tagName).toBe('DEL');
    expect(within(sources).getByText('laufen.de').tagName).toBe('INS');
    expect(within(sources).getByText('runnersworld.com').tagName).toBe('LI');

    // English against French: no word diff (it would strike everything out), brands and ranks instead.
    fireEvent.change(screen.getByLabelText('New (B)'), { target: { value: 'run-1-job-2' } });
    await waitFor(() => expect(screen.getByText('Only in B (🇫🇷 FR)')).toBeInTheDocument());
    expect(screen.queryByTestId('word-diff')).toBeNull();
    expect(screen.getByTestId('diff-mode').textContent).toMatch(/different languages \(English, French\)/);
    const ranks = screen.getByRole('table', { name: 'Brands named, by rank' });
    expect(
      within(ranks)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['BrandA: 🇺🇸 USB: 🇫🇷 FRChange', 'Acme#1#1same rank', 'Zoom#2not namedonly in A']);
    expect(within(screen.getByLabelText('Source domains diff')).getByText('courir.fr').tagName).toBe('INS');

    fireEvent.click(screen.getByRole('button', { name: 'Show side by side' }));
    expect(screen.queryByTestId('word-diff')).toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it('shows the raw JSON as text in a <pre> and stored HTML only in a script-less sandboxed frame', async () => {
    await renderCompare();
    const us = screen.getAllByRole('article')[0] as HTMLElement;
    fireEvent.click(within(us).getByRole('button', { name: 'Raw JSON' }));
    const pre = await within(us).findByTestId('raw-json');
    expect(pre.tagName).toBe('PRE');
    expect(pre.textContent).toContain('"text": "<script>alert(1)</script>"');
    expect(us.querySelector('script')).toBeNull();

    fireEvent.click(within(us).getByRole('button', { name: 'HTML' }));
    const frame = await within(us).findByTitle('Stored HTML page');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('src')).toBeNull();
  });

  it('exports the comparison as an HTML report and the run as CSV', async () => {
    await renderCompare();
    // Every export is in one menu.
    expect(screen.queryByRole('button', { name: /^Export CSV/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    fireEvent.click(screen.getByRole('button', { name: /^HTML report/ }));
    await waitFor(() => expect(fake.callsTo('export.compareReport')).toHaveLength(1));
    expect(fake.callsTo('export.compareReport')[0]?.resultIds).toEqual([
      'run-1-res-US',
      'run-1-res-DE',
      'run-1-res-FR',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    fireEvent.click(screen.getByRole('button', { name: /^CSV one row per answer/ }));
    await waitFor(() =>
      expect(fake.callsTo('export.run')).toEqual([
        expect.objectContaining({ runId: 'run-1', format: 'csv' }),
      ]),
    );
    // The notice names the file, not its folder, and shows it in its folder on request.
    const toast = await screen.findByText('Exported: export.csv');
    expect(document.body.textContent).not.toContain('/tmp/export.csv');
    fireEvent.click(
      within(toast.closest('li') as HTMLElement).getByRole('button', { name: 'Show in folder' }),
    );
    await waitFor(() => expect(fake.callsTo('app.showInFolder')).toEqual([{ path: '/tmp/export.csv' }]));
    expect(useToastStore.getState().toasts.map((t) => t.message)).not.toContain('Exported: export.csv');
  });
});
