import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Toasts } from '../../../src/renderer/src/components/Toasts';
import { AnalysisExportPanel } from '../../../src/renderer/src/views/settings/AnalysisExportPanel';
import type { DbExportRunView } from '../../../src/shared/ipc/channels/db-export';
import { fail, installFakeParallax, sampleMonitor, type FakeParallax } from './fake-parallax';
import { resetStores } from './reset-stores';

// Settings → Data → "Export for analysis…": the choices go to main (which asks where to save),
// progress and Cancel while it runs, and the notice naming the file with "Show in folder".

const done = (over: Partial<DbExportRunView> = {}): DbExportRunView => ({
  path: '/home/ana/parallax-analysis.sqlite',
  canceled: false,
  format: 'sqlite',
  bytes: 5_000_000,
  tables: [
    { table: 'runs', rows: 9 },
    { table: 'answers', rows: 1234 },
  ],
  synthetic: false,
  ...over,
});

function renderPanel(): void {
  render(
    <>
      <AnalysisExportPanel />
      <Toasts />
    </>,
  );
}

describe('Export for analysis', () => {
  let fake: FakeParallax;
  beforeEach(() => {
    resetStores();
    fake = installFakeParallax({
      'monitors.list': () => [sampleMonitor({ id: 'mon-1', name: 'Weekly shoes' })],
    });
  });

  it('sends the format, period and monitor; shows progress; Cancel stops it and says nothing was written', async () => {
    let finish: (v: DbExportRunView) => void = () => undefined;
    fake.handle('dbExport.run', () => new Promise((resolve) => (finish = resolve)));
    fake.handle('dbExport.cancel', () => {
      finish(done({ path: null, canceled: true, tables: [] }));
      return { canceled: true };
    });
    renderPanel();
    await screen.findByRole('option', { name: 'Weekly shoes' });
    fireEvent.change(screen.getByLabelText('Format'), { target: { value: 'parquet' } });
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: '30' } });
    fireEvent.change(screen.getByLabelText('Monitor'), { target: { value: 'mon-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export for analysis…' }));

    await waitFor(() => expect(fake.callsTo('dbExport.run')).toHaveLength(1));
    const [sent] = fake.callsTo('dbExport.run');
    expect(sent).toMatchObject({ format: 'parquet', period: { days: 30 }, monitorId: 'mon-1' });
    expect(screen.getByRole('button', { name: 'Export for analysis…' })).toBeDisabled();

    act(() =>
      fake.emit('dbExport.progress', {
        exportId: sent?.exportId ?? '',
        table: 'answers',
        done: 500,
        total: 2000,
        unit: 'answers',
        tablesDone: 2,
        tables: 7,
      }),
    );
    expect(screen.getByText('answers: 500 of 2,000 answers')).toBeInTheDocument();
    expect(screen.getByLabelText('Analysis export progress')).toHaveAttribute('value', '25');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel export' }));
    expect(fake.callsTo('dbExport.cancel')).toEqual([{ exportId: sent?.exportId }]);
    expect(await screen.findByText('Export canceled; nothing was written')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export for analysis…' })).toBeEnabled();
  });

  it('names the file in a notice with "Show in folder", which asks main to show that export', async () => {
    fake.handle('dbExport.run', () => done({ synthetic: true }));
    fake.handle('dbExport.showInFolder', () => ({ shown: true }));
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Export for analysis…' }));
    expect(
      await screen.findByText(
        'Exported 1,234 answers to parallax-analysis.sqlite (includes synthetic sandbox/demo answers)',
      ),
    ).toBeInTheDocument();
    const [sent] = fake.callsTo('dbExport.run');
    expect(sent).toMatchObject({ format: 'sqlite', period: null, monitorId: null });
    fireEvent.click(screen.getByRole('button', { name: 'Show in folder' }));
    await waitFor(() =>
      expect(fake.callsTo('dbExport.showInFolder')).toEqual([{ exportId: sent?.exportId }]),
    );
  });

  it('says why an export failed, and nothing when the save dialog was closed', async () => {
    fake.handle('dbExport.run', () =>
      fail('EXPORT_PATH', '/tmp/x already holds other files: choose a new folder name'),
    );
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Export for analysis…' }));
    expect(
      await screen.findByText('Export failed: /tmp/x already holds other files: choose a new folder name'),
    ).toBeInTheDocument();
    fake.handle('dbExport.run', () => done({ path: null, tables: [] }));
    fireEvent.click(screen.getByRole('button', { name: 'Export for analysis…' }));
    await waitFor(() => expect(fake.callsTo('dbExport.run')).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export for analysis…' })).toBeEnabled());
    expect(screen.queryByText(/Exported/)).toBeNull();
  });
});
