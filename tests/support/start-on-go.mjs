// Starts `parallax ARGS` when told to: `node start-on-go.mjs BIN ARGS…`, with a socket on fd 3
// (a fourth stdio pipe of the parent's spawn), says "ready" on it once Node is up, waits for the
// parent's "go", then runs BIN as if it had been started with ARGS. The concurrency stress starts
// several of these and says "go" to all of them once every one is ready, so their processes open
// one history file at the same moment (Node's own start-up, which varies by hundreds of
// milliseconds, is behind them) without a fixed delay long enough for the slowest start.
import { Socket } from 'node:net';
import { pathToFileURL } from 'node:url';

const [bin, ...args] = process.argv.slice(2);
process.argv = [process.argv[0], bin, ...args];
const control = new Socket({ fd: 3, readable: true, writable: true });
await new Promise((resolve) => {
  control.once('data', resolve);
  control.once('end', resolve);
  control.write('ready');
});
// Closed before BIN runs: the run's own event loop must not wait on it.
control.destroy();
await import(pathToFileURL(bin).href);
