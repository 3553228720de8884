import type { Command } from 'commander';
import type { Estimate, Finding } from '../../../shared/analytics/findings';
import { findingsChannels, type FindingsListView } from '../../../shared/ipc/channels/findings';
import { writeJson, writeLine, type CliContext } from '../../context';
import { READS, withCliCore } from '../../core';
import { parseFlags } from '../../schema-input';
import {
  addFilterOptions,
  askService,
  brandNames,
  FILTER_FLAG_NAMES,
  queryOf,
  type FilterFlags,
} from '../../visibility-filters';
import type { RegisterCommand } from '../register-command';

// `parallax changes`: what changed in the period against the previous one of the same length,
// as at most 7 ranked findings in plain words (a numbered list), each with its statistics on the
// line below; --json gives every number and the answers behind each finding.

const HELP = `
Every brand's mention rate, average position, share of voice, recommendation rate and net
sentiment, every attribute, the most cited domains, the shopping shelf and ads, and the brands'
facts (a fact an engine now contradicts, a discrepancy rate risen) are compared with the previous period of
the same length, over all engines and locations and in each engine, location and engine ×
location cell. The p-values of all these tests are adjusted together (Benjamini–Hochberg, 5 %
false-discovery rate), so scanning many cells does not turn chance into findings. The focus
brand (--brand, default your first brand of kind "brand") comes first; a large change that is
not significant is said as such. See docs/guides/what-changed.md.

JSON (--json): {period, judge, focusBrandId, tests, empty, findings: [{kind, text, effect,
  effectSize, significant, pValue, qValue, score, brandId, domain, attribute, scope: {engine?, loc?},
  before: {value, n, lower, upper}, after: {…}, concentration: [{engine, loc, contribution, share,
  before, after}], competitor: {brandId, name, effect, before, after, pValue} | null,
  changeDay: YYYY-MM-DD | null, resultIds: [...]}]}
  kind: mention-rate | position | share-of-voice | recommendation-rate | net-sentiment | attribute | citation |
    shelf-presence | product-shelf | price | advertiser | conquest (commerce; price values in its currency) |
    new-contradiction | discrepancy-rate (brand facts; fact: the fact's key)
  effect: the signed change (rates as fractions: -0.18 = 18 points down; positions in places, lower is better)

Examples:
  parallax changes
  parallax changes --since 90d --brand Veloxa --json
  parallax changes --from 2026-11-01 --to 2026-11-30 --engine assistant-a --countries DE,FR`;

const pct = (v: number): string => (v * 100).toFixed(1);

function estimateText(kind: Finding['kind'], e: Estimate): string {
  if (kind === 'position')
    return `${e.value.toFixed(2)} [${e.lower.toFixed(2)}–${e.upper.toFixed(2)}] n=${e.n}`;
  if (kind === 'net-sentiment' || kind === 'price')
    return `${e.value.toFixed(2)} [${e.lower.toFixed(2)}–${e.upper.toFixed(2)}] n=${e.n}`;
  return `${pct(e.value)} % [${pct(e.lower)}–${pct(e.upper)}] n=${e.n}`;
}

const pText = (p: number): string => (p < 0.0001 ? '< 0.0001' : p.toPrecision(2));

/** The statistics line under a finding. */
export function statsLine(f: Finding): string {
  const parts = [
    `${f.kind}: ${estimateText(f.kind, f.before)} → ${estimateText(f.kind, f.after)}`,
    `p ${pText(f.pValue)}, q ${pText(f.qValue)}${f.significant ? '' : ' (not significant)'}`,
    `${f.resultIds.length} answer${f.resultIds.length === 1 ? '' : 's'} behind it`,
  ];
  return parts.join('; ');
}

function print(ctx: CliContext, view: FindingsListView, focus: string | null): void {
  const p = view.period;
  writeLine(
    ctx.stdout,
    `What changed ${p.from} to ${p.to} against ${p.previous.from} to ${p.previous.to}${focus ? `, focus ${focus}` : ''}`,
  );
  if (view.empty) return writeLine(ctx.stdout, `${view.empty}.`);
  if (view.findings.length === 0)
    return writeLine(ctx.stdout, `No notable change (${view.tests} tests across engines and locations).`);
  view.findings.forEach((f, i) => {
    writeLine(ctx.stdout, `${i + 1}. ${f.text}`);
    writeLine(ctx.stdout, `   ${statsLine(f)}`);
  });
  writeLine(
    ctx.stdout,
    `\n${view.tests} tests across engines and locations; significant = q ≤ 0.05 (Benjamini–Hochberg).`,
  );
}

export const registerChangesCommand: RegisterCommand = (program: Command, ctx: CliContext) => {
  addFilterOptions(
    program
      .command('changes')
      .description(
        'What changed against the previous period: at most 7 findings in plain words, with their statistics',
      ),
  )
    .option('--brand <name>', 'the focus brand (name or id; default your first brand of kind "brand")')
    .addHelpText('after', HELP)
    .action(async (flags: FilterFlags) => {
      await withCliCore(ctx, { ...READS, ...flags }, async (core) => {
        const input = parseFlags(
          findingsChannels['findings.list'].input,
          queryOf(core.store, flags, Date.now()),
          FILTER_FLAG_NAMES,
        );
        // The facts findings read the checks: those a sheet change left to redo are redone first.
        if (core.store.factsRecheckPending() && !core.store.readonly) (await core.services.facts()).recheck();
        const service = await core.services.findings();
        const view = askService(() => service.list(input));
        if (ctx.json) return writeJson(ctx, view);
        const focus =
          view.focusBrandId === null ? null : (brandNames(core.store).get(view.focusBrandId)?.name ?? null);
        print(ctx, view, focus);
      });
    });
};
