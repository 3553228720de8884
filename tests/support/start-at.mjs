// Starts `parallax ARGS` at a given instant: `node start-at.mjs EPOCH_MS BIN ARGS…` waits until
// EPOCH_MS (Date.now()), then runs BIN as if it had been started with ARGS. The concurrency
// stress starts several of these together, so their processes open one history file at the
// same moment (Node's own start-up, which varies by hundreds of milliseconds, is behind them).
import { pathToFileURL } from 'node:url';

const [at, bin, ...args] = process.argv.slice(2);
process.argv = [process.argv[0], bin, ...args];
const wait = Number(at) - Date.now();
if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
await import(pathToFileURL(bin).href);
