import { app, shell, type Session, type WebContents } from 'electron';
import { isHttpUrl } from '../shared/csp';

/**
 * Hardening from the Electron security checklist, applied to every web contents the app
 * creates: no navigation away from the app, no new windows (http(s) links go to the system
 * browser instead), no <webview>, and no permission (camera, notifications prompts…) granted
 * to web content.
 */
export function hardenWebContents(isAppUrl: (url: string) => boolean): void {
  app.on('web-contents-created', (_event, contents: WebContents) => {
    contents.on('will-navigate', (event, url) => {
      if (!isAppUrl(url)) event.preventDefault();
    });
    contents.on('will-redirect', (event, url) => {
      if (!isAppUrl(url)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      if (isHttpUrl(url)) void shell.openExternal(url);
      return { action: 'deny' };
    });
  });
}

export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}
