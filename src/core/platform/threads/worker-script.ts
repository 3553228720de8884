/** A worker thread's script: its built file, or its source with the loader that runs it. */
export interface WorkerScript {
  file: string | URL;
  execArgv?: string[];
}
