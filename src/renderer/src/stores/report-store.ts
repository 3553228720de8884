import { create } from 'zustand';
import type { InvokeInput } from '../../../shared/ipc/contract';
import { call } from '../ipc/client';
import { toShownError, type ShownError } from '../lib/errors';
import { formatDateRange } from '../lib/format';
import { notifySaved } from '../lib/saved-file';
import { useToastStore } from './toast-store';

// Client reports written from the app ("Client report…" on a monitor's row and in Visibility
// when its scope is a monitor): which one is being written, and the last failure. The file's
// place is asked in main's save dialog; a toast names the file once it is written.

interface ReportState {
  /** The monitor whose report is being written (the dialog is open or the file is written). */
  writing: string | null;
  /** The last failed write, for the form that asked for it. */
  error: ShownError | null;
  /** Writes the report; returns the file's path (null when canceled or failed). */
  write(input: InvokeInput<'reports.write'>): Promise<string | null>;
}

const kB = (bytes: number): string => `${(bytes / 1024).toFixed(0)} kB`;

export const useReportStore = create<ReportState>((set, get) => ({
  writing: null,
  error: null,
  async write(input) {
    if (get().writing !== null) return null;
    set({ writing: input.monitorId, error: null });
    try {
      const done = await call('reports.write', input);
      set({ writing: null });
      if (done.path === null) return null;
      notifySaved(
        `Client report for ${done.monitorName} (${formatDateRange(done.from, done.to)}, ${kB(done.bytes)}) saved`,
        done.path,
      );
      return done.path;
    } catch (error) {
      const shown = toShownError(error);
      set({ writing: null, error: shown });
      useToastStore.getState().push('error', `Client report not written: ${shown.message}`);
      return null;
    }
  },
}));
