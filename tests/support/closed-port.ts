import { createServer } from 'node:net';

/** A port on 127.0.0.1 that nothing listens on (bound once, then released): "server unreachable". */
export function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
    });
  });
}
