import type { ImportReport, OutcomesStatus, PullReport, TrafficView } from '../../../core/outcomes';
import type { OutcomeWriteCounts } from '../../../core/history';
import type { EngineLabelOf } from '../../../shared/profile';
import { writeLine, type CliContext } from '../../context';
import { formatTable } from '../../core';

// How `parallax outcomes …` prints its results as text (--json prints the service's objects).

const counts = (c: OutcomeWriteCounts | undefined): string =>
  c === undefined
    ? '-'
    : `${c.added} added, ${c.replaced} replaced${c.superseded > 0 ? `, ${c.superseded} of an overlapping period replaced` : ''}`;

function printTables(ctx: CliContext, tables: ImportReport['tables']): void {
  for (const [name, c] of Object.entries(tables)) writeLine(ctx.stdout, `  ${name.padEnd(8)} ${counts(c)}`);
}

export function printImport(ctx: CliContext, file: string, r: ImportReport): void {
  for (const e of r.errors)
    writeLine(
      ctx.stderr,
      `${e.file}${e.line > 0 ? ` line ${e.line}` : ''}: ${e.field} ${e.message} (skipped)`,
    );
  const period = r.period ? `${r.period.from} to ${r.period.to}` : 'period not stated in the export';
  writeLine(ctx.stdout, `Imported ${file} (${r.kind}${r.site ? `, ${r.site}` : ''}; ${period}):`);
  printTables(ctx, r.tables);
  if (r.kind === 'ga4')
    writeLine(ctx.stdout, `  ${r.notAi} rows from sources that are no AI engine were left out.`);
  if (r.ignored.length > 0) writeLine(ctx.stdout, `  Not read: ${r.ignored.join(', ')}.`);
  if (r.errors.length > 0) writeLine(ctx.stdout, `  ${r.errors.length} rows skipped (see above).`);
}

export function printPull(ctx: CliContext, r: PullReport): void {
  writeLine(ctx.stdout, `Pulled ${r.kind} ${r.property}, ${r.period.from} to ${r.period.to}:`);
  printTables(ctx, r.tables);
  if (r.kind === 'ga4')
    writeLine(ctx.stdout, `  ${r.notAi} rows from sources that are no AI engine were left out.`);
}

const when = (ms: number | null): string =>
  ms === null ? 'never' : new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

export function printStatus(ctx: CliContext, s: OutcomesStatus): void {
  writeLine(ctx.stdout, `AI referrer catalogue: ${s.catalogueDate}`);
  if (s.connections.length === 0)
    writeLine(ctx.stdout, 'Connections: none (parallax outcomes connect ga4|gsc --property P).');
  for (const c of s.connections) {
    const error = c.pullError ? `; last pull failed: ${c.pullError}` : '';
    writeLine(
      ctx.stdout,
      `Connected ${c.kind}: ${c.property} (${c.auth}; pulled ${when(c.pulledAt)}${error})`,
    );
  }
  if (s.holdings.length === 0)
    return writeLine(ctx.stdout, 'Stored: nothing yet (parallax outcomes import ga4|gsc|bing FILE).');
  writeLine(
    ctx.stdout,
    formatTable(
      ['Source', 'Site', 'Table', 'Rows', 'From', 'To', 'Imported'],
      s.holdings.map((h) => [
        h.origin,
        h.site || '-',
        h.table,
        h.rows,
        h.from ?? '-',
        h.to ?? '-',
        when(h.importedAt),
      ]),
    ),
  );
}

/** An engine as the profile names it, or the catalogue's name for an assistant the service does not ask. */
const engineText = (labelOf: EngineLabelOf, engine: string | null, label: string): string =>
  engine === null ? `${label} (not asked by Parallax)` : labelOf(engine);

export function printTraffic(ctx: CliContext, v: TrafficView, labelOf: EngineLabelOf): void {
  if (v.empty !== null) return writeLine(ctx.stdout, v.empty);
  writeLine(
    ctx.stdout,
    formatTable(
      ['Engine', 'Referred sessions', 'Key events', 'Landing pages'],
      v.engines.map((e) => [engineText(labelOf, e.engine, e.label), e.sessions, e.keyEvents, e.pages]),
    ),
  );
  writeLine(ctx.stdout);
  writeLine(
    ctx.stdout,
    formatTable(
      ['From', 'To', 'Engine', 'Landing page', 'Sessions', 'Key events'],
      v.rows.map((r) => [
        r.from || '-',
        r.to || '-',
        engineText(labelOf, r.engine, r.label),
        r.landingPage,
        r.sessions,
        r.keyEvents,
      ]),
    ),
  );
  writeLine(ctx.stdout);
  for (const c of v.caveats) writeLine(ctx.stdout, c);
}
