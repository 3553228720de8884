import { isHttpUrl } from '../../../shared/csp';
import { AppError } from '../../platform';
import type { HandlerModule } from './types';

export const appHandlers: HandlerModule<'app.info' | 'app.openExternal' | 'app.showInFolder'> = (ctx) => ({
  'app.info': () => ({
    name: ctx.app.name,
    version: ctx.app.version,
    platform: ctx.app.platform,
    sandboxMode: ctx.connections.isSandbox(),
    dataPath: ctx.app.userDataPath,
  }),
  'app.openExternal': async ({ url }) => {
    // The contract already refused non-http(s) input; checked again because this is the
    // one place that hands a URL to the operating system.
    if (!isHttpUrl(url)) throw new AppError('FORBIDDEN_URL', 'Only http(s) links can be opened');
    await ctx.openExternal(url);
    return { opened: true };
  },
  'app.showInFolder': ({ path }) => {
    if (!ctx.savedFiles.has(path))
      throw new AppError(
        'FORBIDDEN_PATH',
        'Only a file Parallax saved in this session can be shown in its folder',
      );
    if (!ctx.showInFolder) return { shown: false };
    ctx.showInFolder(path);
    return { shown: true };
  },
});
