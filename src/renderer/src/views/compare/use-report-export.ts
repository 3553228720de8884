import { useState } from 'react';
import { call } from '../../ipc/client';
import { toShownError } from '../../lib/errors';
import { notifySaved } from '../../lib/saved-file';
import { useToastStore } from '../../stores/toast-store';

/** The HTML comparison report holds at most this many answers (the first ones shown). */
export const REPORT_MAX = 20;

/**
 * Writes the HTML comparison report of the given answers (a run's columns or a result set),
 * saying where it went or why it failed; `exporting` disables the button meanwhile.
 */
export function useReportExport(): {
  exporting: boolean;
  exportReport(resultIds: string[], title: string): Promise<void>;
} {
  const push = useToastStore((s) => s.push);
  const [exporting, setExporting] = useState(false);
  const exportReport = async (resultIds: string[], title: string): Promise<void> => {
    setExporting(true);
    try {
      const { path } = await call('export.compareReport', {
        resultIds: resultIds.slice(0, REPORT_MAX),
        title: title.slice(0, 200),
      });
      if (path) notifySaved('Report saved', path);
    } catch (err) {
      const e = toShownError(err);
      push('error', `Report failed: ${e.code} ${e.message}`);
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportReport };
}
