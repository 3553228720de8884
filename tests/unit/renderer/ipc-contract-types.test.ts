import { describe, expect, it } from 'vitest';
import { call } from '../../../src/renderer/src/ipc/client';

// Compile-time half of the contract: `npm run typecheck` fails if the renderer can name a
// channel that does not exist or send the wrong payload. The run-time half is below.
describe('renderer IPC client', () => {
  it('only accepts contract channels and payloads (type level) and unwraps results', async () => {
    const calls: unknown[] = [];
    Object.defineProperty(window, 'parallax', {
      configurable: true,
      value: {
        invoke: async (channel: string, input: unknown) => {
          calls.push([channel, input]);
          return channel === 'app.openExternal'
            ? {
                ok: false,
                error: { code: 'VALIDATION_ERROR', message: 'bad', fields: [{ field: 'url', message: 'x' }] },
              }
            : { ok: true, value: { name: 'Parallax' } };
        },
        on: () => () => undefined,
      },
    });
    if (calls.length > 0) {
      // @ts-expect-error: unknown channel
      await call('shell.exec', {});
      // @ts-expect-error: wrong payload shape
      await call('app.openExternal', { href: 'x' });
    }
    await expect(call('app.info', {})).resolves.toEqual({ name: 'Parallax' });
    await expect(call('app.openExternal', { url: 'ftp://x' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    expect(calls).toHaveLength(2);
  });
});
