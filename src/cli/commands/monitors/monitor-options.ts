import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { HistoryStore } from '../../../core/history';
import {
  alertRulesSchema,
  redactWebhookUrl,
  webhookUrlSchema,
  type AlertRules,
} from '../../../shared/alerts/rules';
import { ALERT_KINDS, type AlertKind, type WebhookDeliveryView } from '../../../shared/alerts/types';
import { accentSchema, decodeLogo, type ReportBranding } from '../../../shared/reports/branding';
import { commerceTargets } from '../../../shared/domain/commerce-option';
import type { RunSpec } from '../../../shared/domain/run-spec';
import { CliUsageError, writeJson, writeLine, type CliContext } from '../../context';
import { withCliCore } from '../../core';

// `parallax monitors options ID|NAME [...]`: shows a monitor's change-alert rules, webhook (with
// its last delivery), report folder and client report branding (client name, subject, logo,
// accent), after applying the changes the flags ask for.

interface OptionsFlags {
  rule: string[];
  positionDelta?: string;
  jaccard?: string;
  similarity?: string;
  trendRuns?: string;
  trendPoints?: string;
  shelfPoints?: string;
  pricePercent?: string;
  discrepancyPoints?: string;
  clientName?: string;
  reportSubject?: string;
  /** --logo FILE sets it, --no-logo (false) removes it. */
  logo?: string | false;
  accent?: string;
  /** --webhook URL sets it, --no-webhook (false) removes it. */
  webhook?: string | false;
  reportDir?: string | false;
  reportDays?: string;
  commerce?: string;
  expandProducts?: string;
  db?: string;
}

const HELP = `
Rules: ${ALERT_KINDS.join(', ')}. New monitors start with sources-changed and answer-changed off
(monitors from before keep every kind on); switch any with --rule KIND=on|off.
Thresholds: --position-delta (default 2 places), --jaccard (cited-domain overlap, default 0.5),
--similarity (answer word similarity, default 0.5), --trend-runs (the runs a trend looks at,
default 30, at least 8), --trend-points (the smallest trend worth an alert, default 10 points),
--shelf-points (the smallest shelf-presence move, default 10 points), --price-percent (the
smallest price move of a tracked brand's product, default 10 %), --discrepancy-points (the
smallest rise of a brand's discrepancy rate, default 5 points).
Shopping and ads: --commerce on|off sets include.shopping and include.ads on the engines that
take them (assistant-a, +2 credits a request); --expand-products on|off include.expandProducts
on search-ai (+1 credit per product cluster returned, at most +6). The next run uses them.
Client report: --client-name and --report-subject make its title (instead of the monitor's
name), --logo FILE (PNG, JPEG or SVG, at most 256 KB; an SVG is sanitised) and --accent '#0a7';
an empty --client-name or --report-subject clears it, --no-logo removes the logo.
The webhook receives a POST with JSON {text, monitor, runId, prevRunId, alerts} after a run that
raised alerts (Slack-compatible "text"); it is shown as scheme and host only.

Examples:
  parallax monitors options "Demo · Buying guides" --rule answer-changed=off --position-delta 3
  parallax monitors options "Demo · Buying guides" --commerce on --expand-products off
  parallax monitors options 3f2a… --webhook https://hooks.slack.com/services/… --report-dir ~/reports --report-days 30
  parallax monitors options 3f2a… --no-webhook --no-report-dir --json
  parallax monitors options "Demo · Buying guides" --client-name "Veloxa GmbH" --report-subject "Running shoes in AI answers" --accent '#0a7'`;

function findMonitor(store: HistoryStore, nameOrId: string): { id: string; name: string } {
  const list = store.listMonitors();
  const match =
    list.find((m) => m.id === nameOrId) ??
    list.find((m) => m.name.toLowerCase() === nameOrId.trim().toLowerCase());
  if (!match)
    throw new CliUsageError(
      `No monitor "${nameOrId}"${list.length ? ` (monitors: ${list.map((m) => m.name).join(', ')})` : ''}`,
    );
  return match;
}

function number(flag: string, value: string, min: number, max: number, integer: boolean): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < min || n > max || (integer && !Number.isInteger(n)))
    throw new CliUsageError(
      `${flag} must be ${integer ? 'a whole number' : 'a number'} from ${min} to ${max}, got "${value}"`,
    );
  return n;
}

function applyRules(current: AlertRules, flags: OptionsFlags): AlertRules {
  const kinds = { ...current.kinds };
  for (const spec of flags.rule) {
    const match = /^([a-z-]+)=(on|off)$/i.exec(spec.trim());
    const kind = match?.[1]?.toLowerCase();
    if (!match || !kind || !(ALERT_KINDS as readonly string[]).includes(kind))
      throw new CliUsageError(
        `--rule must be KIND=on|off with KIND one of ${ALERT_KINDS.join(', ')}, got "${spec}"`,
      );
    kinds[kind as AlertKind] = (match[2] as string).toLowerCase() === 'on';
  }
  return alertRulesSchema.parse({
    kinds,
    positionDelta:
      flags.positionDelta !== undefined
        ? number('--position-delta', flags.positionDelta, 1, 50, true)
        : current.positionDelta,
    jaccardBelow:
      flags.jaccard !== undefined ? number('--jaccard', flags.jaccard, 0, 1, false) : current.jaccardBelow,
    similarityBelow:
      flags.similarity !== undefined
        ? number('--similarity', flags.similarity, 0, 1, false)
        : current.similarityBelow,
    trendRuns:
      flags.trendRuns !== undefined
        ? number('--trend-runs', flags.trendRuns, 8, 120, true)
        : current.trendRuns,
    trendMinChange:
      flags.trendPoints !== undefined
        ? number('--trend-points', flags.trendPoints, 0, 100, false) / 100
        : current.trendMinChange,
    shelfMinChange:
      flags.shelfPoints !== undefined
        ? number('--shelf-points', flags.shelfPoints, 0, 100, false) / 100
        : current.shelfMinChange,
    priceMove:
      flags.pricePercent !== undefined
        ? number('--price-percent', flags.pricePercent, 1, 100, false) / 100
        : current.priceMove,
    discrepancyMinChange:
      flags.discrepancyPoints !== undefined
        ? number('--discrepancy-points', flags.discrepancyPoints, 0, 100, false) / 100
        : current.discrepancyMinChange,
  });
}

const blankToNull = (v: string): string | null => (v.trim() === '' ? null : v.trim());

async function brandingOf(flags: OptionsFlags, current: ReportBranding): Promise<ReportBranding> {
  const textFlag = (flag: string, value: string | undefined, max: number, now: string | null) => {
    if (value === undefined) return now;
    if (value.trim().length > max) throw new CliUsageError(`${flag} must be at most ${max} characters`);
    return blankToNull(value);
  };
  let accent = current.accent;
  if (flags.accent !== undefined) {
    const parsed = accentSchema.safeParse(flags.accent);
    if (flags.accent.trim() === '') accent = null;
    else if (!parsed.success)
      throw new CliUsageError(
        `--accent: ${parsed.error.issues[0]?.message ?? 'not a colour'}, got "${flags.accent}"`,
      );
    else accent = parsed.data;
  }
  let logo = current.logo;
  if (flags.logo === false) logo = null;
  else if (flags.logo !== undefined) {
    // Loaded here: the logo's SVG sanitizer is most of what `monitors list` would load.
    const { LogoError, readLogoFile } = await import('../../lazy/logo');
    try {
      logo = await readLogoFile(resolve(flags.logo));
    } catch (error) {
      if (error instanceof LogoError) throw new CliUsageError(`--logo: ${error.message}`);
      throw error;
    }
  }
  return {
    clientName: textFlag('--client-name', flags.clientName, 120, current.clientName),
    reportSubject: textFlag('--report-subject', flags.reportSubject, 160, current.reportSubject),
    logo,
    accent,
  };
}

/** The branding as JSON and text show it: the logo as its type and size, not its bytes. */
function brandingJson(b: ReportBranding): Record<string, unknown> {
  const logo = b.logo ? decodeLogo(b.logo) : null;
  return {
    clientName: b.clientName,
    reportSubject: b.reportSubject,
    logo: logo ? { type: logo.type, bytes: logo.bytes.length } : null,
    accent: b.accent,
  };
}

function onOff(flag: string, value: string): boolean {
  const v = value.trim().toLowerCase();
  if (v !== 'on' && v !== 'off') throw new CliUsageError(`${flag} must be on or off, got "${value}"`);
  return v === 'on';
}

/** The monitor's spec with the shopping-and-ads option as the flags set it (unchanged without them). */
function specWithCommerce(spec: RunSpec, flags: OptionsFlags): RunSpec {
  if (flags.commerce === undefined && flags.expandProducts === undefined) return spec;
  const option = {
    shoppingAndAds:
      flags.commerce !== undefined
        ? onOff('--commerce', flags.commerce)
        : (spec.commerce?.shoppingAndAds ?? false),
    expandProducts:
      flags.expandProducts !== undefined
        ? onOff('--expand-products', flags.expandProducts)
        : (spec.commerce?.expandProducts ?? false),
  };
  const next: RunSpec = { ...spec, commerce: option };
  if (!option.shoppingAndAds && !option.expandProducts) delete next.commerce;
  return next;
}

/** The option in words, with the flags it sets on this monitor's engines. */
function commerceText(spec: RunSpec): string {
  const targets = commerceTargets(spec.engines, spec.commerce);
  if (!spec.commerce) return 'off';
  return targets.length === 0
    ? 'on (no flag needed on these engines)'
    : `on: ${targets.map((t) => `${t.engine} include.${t.flags.join(', include.')}`).join('; ')}`;
}

function webhookOf(flags: OptionsFlags, current: string | null): string | null {
  if (flags.webhook === false) return null;
  if (flags.webhook === undefined) return current;
  const parsed = webhookUrlSchema.safeParse(flags.webhook);
  if (!parsed.success)
    throw new CliUsageError(`--webhook: ${parsed.error.issues[0]?.message ?? 'not a valid URL'}`);
  return parsed.data;
}

function deliveryLine(d: WebhookDeliveryView | null): string {
  if (!d) return 'no delivery yet';
  const at = new Date(d.updatedAt).toISOString().slice(0, 16).replace('T', ' ');
  const status = d.lastStatus !== null ? ` HTTP ${d.lastStatus}` : '';
  return `${d.state}${status} after ${d.attempts} attempt${d.attempts === 1 ? '' : 's'} (${at} UTC, run ${d.runId})${d.lastError ? `: ${d.lastError}` : ''}`;
}

export function registerMonitorOptionsCommand(monitors: Command, ctx: CliContext): void {
  monitors
    .command('options')
    .description('Show or change a monitor’s change-alert rules, webhook and report folder')
    .argument('<monitor>', 'monitor id or name')
    .option(
      '--rule <kind=on|off>',
      'switch an alert kind on or off (repeatable)',
      (v: string, p: string[]) => [...p, v],
      [],
    )
    .option('--position-delta <n>', 'places the focus brand’s first position must move')
    .option('--jaccard <x>', 'cited-domain sets changed when their Jaccard is below this (0-1)')
    .option('--similarity <x>', 'answers changed when their word similarity is below this (0-1)')
    .option('--trend-runs <n>', 'the last runs a trend alert looks at (8-120, default 30)')
    .option(
      '--trend-points <n>',
      'the smallest change a trend alert reports, in percentage points (default 10)',
    )
    .option('--shelf-points <n>', 'the smallest shelf-presence move an alert reports, in points (default 10)')
    .option(
      '--price-percent <n>',
      'the smallest price move of a tracked brand an alert reports, in % (default 10)',
    )
    .option(
      '--discrepancy-points <n>',
      'the smallest rise of a brand’s discrepancy rate an alert reports, in points (default 5)',
    )
    .option('--webhook <url>', 'POST alerts to this http(s) URL')
    .option('--no-webhook', 'remove the webhook')
    .option('--report-dir <dir>', 'write the client report to this folder after each run')
    .option('--no-report-dir', 'stop writing reports after runs')
    .option('--report-days <n>', 'the period the report covers, in days (default 30)')
    .option('--client-name <name>', "the client's name on the report (empty: not set)")
    .option('--report-subject <text>', "the report's subject, its title (empty: not set)")
    .option('--logo <file>', "the client's logo on the report (PNG, JPEG or SVG, at most 256 KB)")
    .option('--no-logo', 'remove the logo')
    .option('--accent <colour>', "the report's accent colour, #0a7 or #00aa77 (empty: the default)")
    .option('--commerce <on|off>', 'track shopping and ads (include.shopping, include.ads where taken)')
    .option('--expand-products <on|off>', 'include.expandProducts on search-ai (+1 credit per cluster)')
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .addHelpText('after', HELP)
    .action(async (nameOrId: string, flags: OptionsFlags) => {
      await withCliCore(ctx, { db: flags.db }, async (core) => {
        const monitor = findMonitor(core.store, nameOrId);
        const current = core.store.getMonitorOptions(monitor.id);
        const saved = core.store.getMonitor(monitor.id);
        if (!current || !saved) throw new CliUsageError(`No monitor "${nameOrId}"`);
        const spec = specWithCommerce(saved.spec, flags);
        if (spec !== saved.spec)
          core.store.saveMonitor({
            id: saved.id,
            name: saved.name,
            spec,
            cadence: saved.cadence,
            enabled: saved.enabled,
          });
        const changing =
          flags.rule.length > 0 ||
          [
            flags.positionDelta,
            flags.jaccard,
            flags.similarity,
            flags.trendRuns,
            flags.trendPoints,
            flags.shelfPoints,
            flags.pricePercent,
            flags.discrepancyPoints,
            flags.webhook,
            flags.reportDir,
            flags.reportDays,
            flags.clientName,
            flags.reportSubject,
            flags.logo,
            flags.accent,
          ].some((v) => v !== undefined);
        const savedAny = changing || spec !== saved.spec;
        const options = changing
          ? core.store.saveMonitorOptions(monitor.id, {
              rules: applyRules(current.rules, flags),
              webhookUrl: webhookOf(flags, current.webhookUrl),
              reportDir:
                flags.reportDir === false
                  ? null
                  : flags.reportDir !== undefined
                    ? resolve(flags.reportDir)
                    : current.reportDir,
              reportDays:
                flags.reportDays !== undefined
                  ? number('--report-days', flags.reportDays, 1, 365, true)
                  : current.reportDays,
              branding: await brandingOf(flags, current.branding),
            })
          : current;
        const lastDelivery = core.store.lastWebhookDeliveries().get(monitor.id) ?? null;
        const webhook = options.webhookUrl ? redactWebhookUrl(options.webhookUrl) : null;
        if (ctx.json)
          return writeJson(ctx, {
            monitor,
            rules: options.rules,
            webhook,
            reportDir: options.reportDir,
            reportDays: options.reportDays,
            branding: brandingJson(options.branding),
            commerce: spec.commerce ?? null,
            lastDelivery,
            saved: savedAny,
          });
        writeLine(ctx.stdout, `${monitor.name} (${monitor.id})${savedAny ? ': saved' : ''}`);
        const kinds = ALERT_KINDS.map((k) => `${k}=${options.rules.kinds[k] ? 'on' : 'off'}`);
        writeLine(ctx.stdout, `  rules          ${kinds.join(', ')}`);
        writeLine(
          ctx.stdout,
          `  thresholds     position moved ≥ ${options.rules.positionDelta}, domain Jaccard < ${options.rules.jaccardBelow}, answer similarity < ${options.rules.similarityBelow}, trend over the last ${options.rules.trendRuns} runs ≥ ${Math.round(options.rules.trendMinChange * 100)} points, shelf presence ≥ ${Math.round(options.rules.shelfMinChange * 100)} points, price ≥ ${Math.round(options.rules.priceMove * 100)} %, discrepancy rate ≥ ${Math.round(options.rules.discrepancyMinChange * 100)} points`,
        );
        writeLine(
          ctx.stdout,
          `  webhook        ${webhook ?? 'none'}${webhook ? ` — last delivery: ${deliveryLine(lastDelivery)}` : ''}`,
        );
        writeLine(
          ctx.stdout,
          `  report folder  ${options.reportDir ?? 'none'}${options.reportDir ? ` (last ${options.reportDays ?? 30} days)` : ''}`,
        );
        writeLine(ctx.stdout, `  shopping/ads   ${commerceText(spec)}`);
        const b = brandingJson(options.branding);
        const logo = b.logo as { type: string; bytes: number } | null;
        writeLine(
          ctx.stdout,
          `  report         client ${options.branding.clientName ?? '(not set)'}, subject ${options.branding.reportSubject ?? '(not set)'}, logo ${logo ? `${logo.type}, ${(logo.bytes / 1024).toFixed(1)} KB` : 'none'}, accent ${options.branding.accent ?? 'default'}`,
        );
      });
    });
}
