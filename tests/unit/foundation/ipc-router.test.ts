import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src/core/platform/errors/app-error';
import { createIpcRouter, type IpcHandlers } from '../../../src/core/app/ipc/router';

// Only the channels this test calls; the router looks handlers up by channel name.
const handlers = {
  'app.info': () => ({
    name: 'Parallax',
    version: '1',
    platform: 'linux',
    sandboxMode: true,
    dataPath: '/d',
  }),
  'app.openExternal': ({ url }: { url: string }) => {
    if (url.includes('fail')) throw new AppError('NOPE', `cannot open ${url}`, { details: { status: 400 } });
    if (url.includes('crash')) throw new Error('boom with sk_abcdefghijabcdefghijabcdefghijabcdefghij');
    return { opened: true as const };
  },
} as Partial<IpcHandlers> as IpcHandlers;

describe('IPC router', () => {
  const router = createIpcRouter(handlers, { redact: (t) => t.replace(/sk_[A-Za-z0-9]{40}/g, 'sk_…ghij') });

  it('runs the handler with validated input', async () => {
    await expect(router.invoke('app.openExternal', { url: 'https://a.example/' })).resolves.toEqual({
      ok: true,
      value: { opened: true },
    });
  });

  it('refuses unknown channels, including prototype names', async () => {
    for (const name of ['nope', 'toString', '__proto__', 42]) {
      await expect(router.invoke(name, {})).resolves.toMatchObject({
        ok: false,
        error: { code: 'UNKNOWN_CHANNEL' },
      });
    }
  });

  it('reports each invalid field', async () => {
    const result = await router.invoke('app.openExternal', { url: 'ftp://x', more: 1 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('VALIDATION_ERROR');
    expect(result.error.fields?.map((f) => f.field).sort()).toEqual(['(input)', 'url']);
  });

  it('passes AppError codes and details, and redacts unexpected errors', async () => {
    await expect(router.invoke('app.openExternal', { url: 'https://fail.example/' })).resolves.toEqual({
      ok: false,
      error: { code: 'NOPE', message: 'cannot open https://fail.example/', details: { status: 400 } },
    });
    const crashed = await router.invoke('app.openExternal', { url: 'https://crash.example/' });
    expect(crashed).toEqual({ ok: false, error: { code: 'INTERNAL_ERROR', message: 'boom with sk_…ghij' } });
  });
});
