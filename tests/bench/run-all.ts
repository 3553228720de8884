import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// `npm run bench`: runs every tests/bench/*.bench.ts (or only those whose name contains
// an argument, e.g. `npm run bench -- store`). Each module's default export prints its
// own figures and ratios and returns whether its targets were met.
export type Bench = () => Promise<{ name: string; targetsMet: boolean }>;

const here = dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();

const summary: Array<{ name: string; targetsMet: boolean }> = [];
for (const file of files) {
  console.log(`\n=== ${file}`);
  const mod = (await import(pathToFileURL(join(here, file)).href)) as { default: Bench };
  summary.push(await mod.default());
}
console.log('\n=== summary');
for (const s of summary) console.log(`${s.targetsMet ? 'met   ' : 'MISSED'} ${s.name}`);
process.exitCode = summary.every((s) => s.targetsMet) ? 0 : 1;
