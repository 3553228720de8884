import { z } from 'zod';
import { isHttpUrl } from '../../csp';
import { invokeChannel } from '../define';

export interface AppInfo {
  name: string;
  version: string;
  platform: string;
  /** True when Parallax talks to its built-in synthetic sandbox instead of the real service. */
  sandboxMode: boolean;
  dataPath: string;
}

const httpUrl = z.string().max(4096).refine(isHttpUrl, 'Only http(s) links can be opened');

export const appChannels = {
  'app.info': invokeChannel(z.object({}).strict()).returns<AppInfo>(),
  /** Opens an http(s) link in the system browser; anything else is refused. */
  'app.openExternal': invokeChannel(z.object({ url: httpUrl }).strict()).returns<{ opened: boolean }>(),
  /**
   * Shows a file the app saved in this session (an export, a report, a backup) in the system's
   * file manager; any other path is refused, so the renderer cannot probe the disk.
   */
  'app.showInFolder': invokeChannel(z.object({ path: z.string().min(1).max(4096) }).strict()).returns<{
    shown: boolean;
  }>(),
};
