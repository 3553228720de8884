import type { RunDetailView } from '../../shared/ipc/channels/runs';
import type { RunExportReader } from '../store/export-read';
import type { FileSink } from './file-sink';
import type { ProgressTicker } from './progress';

/** What a streamed export of a run is written with: the run, its rows, the file, the ticker. */
export interface ExportContext {
  run: RunDetailView;
  reader: RunExportReader;
  progress: ProgressTicker;
}

export interface TextExportContext extends ExportContext {
  sink: FileSink;
}
