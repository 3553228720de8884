import { app, dialog, shell, type BrowserWindow } from 'electron';
import { actionAt, toMessageBoxIndices, type DialogModel } from './startup';

// Native message boxes for the start-up, quit and resume models (src/main/startup). A native box
// needs no window, so a start that fails before the window exists still says why.

export function createAsk(
  getWindow: () => BrowserWindow | null,
): <A extends string>(model: DialogModel<A>) => Promise<A> {
  return async (model) => {
    const { labels, defaultId, cancelId } = toMessageBoxIndices(model);
    const options: Electron.MessageBoxOptions = {
      type: model.type,
      title: model.title,
      message: model.message,
      detail: model.detail,
      buttons: labels,
      defaultId,
      cancelId,
      noLink: true,
    };
    const window = getWindow();
    const { response } =
      window && !window.isDestroyed()
        ? await dialog.showMessageBox(window, options)
        : await dialog.showMessageBox(options);
    return actionAt(model, response);
  };
}

export async function chooseDataFolder(): Promise<string | null> {
  const result = await dialog.showOpenDialog({
    title: 'Choose a data folder for the Parallax history',
    defaultPath: app.getPath('documents'),
    properties: ['openDirectory', 'createDirectory'],
  });
  return result.canceled ? null : (result.filePaths[0] ?? null);
}

export async function openFolder(path: string): Promise<void> {
  const error = await shell.openPath(path);
  if (error) throw new Error(error);
}
