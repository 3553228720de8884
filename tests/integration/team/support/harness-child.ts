import { startTestPostgres } from '../../../support/postgres';

// A test process that starts a throwaway server and then ends badly: argv[2] = 'exit' exits
// without closing it (a crashed test file), 'hang' waits to be killed with SIGKILL.
const server = await startTestPostgres();
const { rows } = await server.query<{ dir: string }>("SELECT current_setting('data_directory') AS dir");
process.stdout.write(`${JSON.stringify({ dataDir: rows[0]?.dir, port: server.port })}\n`);
if (process.argv[2] === 'exit') process.exit(3);
setInterval(() => undefined, 1000);
