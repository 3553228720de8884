import type { RunDetailView } from '../../../shared/ipc/channels/runs';
import type { EngineLabelOf } from '../../../shared/profile';
import type { RunExportReader, ExportWorkerScript } from '../../history';
import type { CommerceTable } from './commerce-sheet';
import type { FileSink } from './file-sink';
import type { ProgressTicker } from './progress';

/** What a streamed export of a run is written with: the run, its rows, the file, the ticker. */
export interface ExportContext {
  run: RunDetailView;
  reader: RunExportReader;
  progress: ProgressTicker;
  /** JSON and NDJSON build their lines on worker threads running this script (none: in-process). */
  jsonWorker?: ExportWorkerScript;
  /** The service profile's label of each engine id: how every export names an engine. */
  engineLabels: Readonly<Record<string, string>>;
  labelOf: EngineLabelOf;
  /** The run's shelf and ads per brand and engine (XLSX); absent or null: none shown. */
  commerce?: CommerceTable | null;
}

export interface TextExportContext extends ExportContext {
  sink: FileSink;
}
