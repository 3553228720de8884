import type { Command } from 'commander';
import { visibilityChannels } from '../../../shared/ipc/channels/visibility';
import type { BrandView } from '../../../shared/ipc/channels/library';
import type { CitationGapsView, FanOutView, SourcesView, UrlsView } from '../../../shared/visibility/types';
import type { VisibilityService } from '../../../core/analysis';
import { CliUsageError, writeJson, writeLine, type CliContext } from '../../context';
import { clip, formatTable, READS, withCliCore } from '../../core';
import { formatRate, formatRateChange, rateJson, reanalysisNote, STATS_LEGEND } from '../../format-stats';
import { finishReanalysis } from '../../reanalysis-progress';
import type { EngineLabelOf } from '../../../shared/profile';
import { parseFlags } from '../../schema-input';
import {
  addFilterOptions,
  askService,
  brandNames,
  FILTER_FLAG_NAMES,
  focusOf,
  queryOf,
  type FilterFlags,
} from '../../visibility-filters';
import type { RegisterCommand } from '../register-command';
import { SITE_KIND_LABELS, SITE_KINDS } from '../../../shared/visibility/site-kind-names';
import { registerSiteKindCommands } from './kinds';

// `parallax sources`: the Visibility view's source panels from the command line. The cited
// domains by share of answers (default), the citation gaps of the focus brand (--gaps), the
// URLs of one domain (--domain) or of the brand's own sites (--urls), and the search queries
// engines ran to answer (--queries, new ones marked).

interface SourcesFlags extends FilterFlags {
  gaps?: boolean;
  domain?: string;
  urls?: boolean;
  queries?: boolean;
  limit?: string;
}

const HELP = `
One of (default: the domain leaderboard):
  --gaps         domains cited in answers that name a competitor but not the focus brand
                 (--brand, default: your first brand of kind "brand")
  --domain D     the URLs of domain D cited in the period (drill-down)
  --urls         the focus brand's own cited URLs
  --queries      search queries the engines ran to answer (fan-out), new ones marked
Changes are against the previous period of the same length; "n.s." = not significant.

JSON (--json), rates as fractions 0-1: rate = {value, lower, upper, k, n} (95 % Wilson interval)
  default:   {period, answers, rows:[{domain, answers, share:rate, previousShare:rate, delta,
              significant, brand, brandId, kinds, siteKind, siteKindSource, trend:[{day, share,
              answers}]}], citations, previousCitations, byKind:[{kind, label, citations,
              share:rate, previousShare:rate, delta, significant, domains}], empty}
  --gaps:    {period, brand, brandId, gapAnswers, minAnswers, rows:[gap], thinGaps:[gap],
              partialGaps:[gap], competitorSites:[gap], empty, reanalysis: {done, total} while
              a brand change is re-analysed, else null}; gap = {domain, siteKind, answers,
              share:rate, competitors:[{brand, brandId, answers}], focusCitedElsewhere}
Kinds of site (siteKind): ${SITE_KINDS.join(', ')}. A domain's kind comes from your override
(\`parallax sources kind DOMAIN KIND\`), else the tracked brands' domains (own = the focus
brand's, competitor = a competitor's), else the shipped list of well-known sites, else
government and academic suffixes, else discovery's retailers, else "other". Shares by kind
count each cited domain once per answer (citations).
  --domain / --urls: {period, domain, brand, brandId, rows:[{url, title, answers, bestPosition}], empty}
  --queries: {period, answers, rows:[{query, answers, engines, isNew, firstSeen}], empty}`;

type Mode = 'domains' | 'gaps' | 'urls' | 'queries';

function modeOf(flags: SourcesFlags): Mode {
  const modes: Mode[] = [
    ...(flags.gaps ? (['gaps'] as const) : []),
    ...(flags.domain !== undefined || flags.urls ? (['urls'] as const) : []),
    ...(flags.queries ? (['queries'] as const) : []),
  ];
  if (flags.domain !== undefined && flags.urls)
    throw new CliUsageError(
      'Use --domain D (that domain\u2019s URLs) or --urls (the brand\u2019s own), not both',
    );
  if (modes.length > 1) throw new CliUsageError('Use one of --gaps, --domain/--urls, --queries');
  return modes[0] ?? 'domains';
}

function limitOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value.trim())) throw new CliUsageError(`--limit must be a whole number, got "${value}"`);
  return Number(value);
}

const nameOf = (brands: Map<string, BrandView>, id: string | null): string | null =>
  id === null ? null : (brands.get(id)?.name ?? id);

function domainsJson(view: SourcesView, brands: Map<string, BrandView>) {
  return {
    period: view.period,
    answers: view.answers,
    rows: view.domains.map((d) => ({
      domain: d.domain,
      answers: d.share.k,
      share: rateJson(d.share),
      previousShare: rateJson(d.previousShare),
      delta: d.change.delta,
      significant: d.change.significant,
      brand: nameOf(brands, d.brandId),
      brandId: d.brandId,
      kinds: d.kinds,
      siteKind: d.siteKind,
      siteKindSource: d.siteKindSource,
      trend: d.trend,
    })),
    citations: view.citations,
    previousCitations: view.previousCitations,
    byKind: view.byKind.map((k) => ({
      kind: k.kind,
      label: SITE_KIND_LABELS[k.kind],
      citations: k.share.k,
      share: rateJson(k.share),
      previousShare: rateJson(k.previousShare),
      delta: k.change.delta,
      significant: k.change.significant,
      domains: k.domains,
    })),
    empty: view.empty,
  };
}

type Gap = CitationGapsView['gaps'][number];

const gapJson = (brands: Map<string, BrandView>) => (g: Gap) => ({
  domain: g.domain,
  siteKind: g.siteKind,
  answers: g.gapAnswers.k,
  share: rateJson(g.gapAnswers),
  competitors: g.competitors.map((c) => ({ brand: nameOf(brands, c.brandId), ...c })),
  focusCitedElsewhere: g.focusCitedElsewhere,
});

function gapsJson(view: CitationGapsView, brands: Map<string, BrandView>) {
  return {
    period: view.period,
    brand: nameOf(brands, view.focusBrandId),
    brandId: view.focusBrandId,
    gapAnswers: view.gapAnswers,
    minAnswers: view.minAnswers,
    thinGaps: view.thinGaps.map(gapJson(brands)),
    rows: view.gaps.map(gapJson(brands)),
    partialGaps: view.partialGaps.map(gapJson(brands)),
    competitorSites: view.competitorSites.map(gapJson(brands)),
    empty: view.empty,
    reanalysis: view.reanalysis ?? null,
  };
}

/** brand: the focus brand whose own URLs these are (null with --domain). */
const urlsJson = (view: UrlsView, focus: BrandView | null) => ({
  period: view.period,
  domain: view.domain,
  brand: focus?.name ?? null,
  brandId: focus?.id ?? null,
  rows: view.urls,
  empty: view.empty,
});
const queriesJson = (view: FanOutView, labelOf: EngineLabelOf) => ({
  period: view.period,
  answers: view.answers,
  rows: view.queries.map((q) => ({ ...q, engineLabels: q.engines.map(labelOf) })),
  empty: view.empty,
});

const periodText = (p: SourcesView['period']): string =>
  `${p.from} to ${p.to} (${p.days} day${p.days === 1 ? '' : 's'})`;

function printDomains(ctx: CliContext, view: SourcesView, brands: Map<string, BrandView>): void {
  writeLine(ctx.stdout, `Cited domains, ${periodText(view.period)}: share of ${view.answers} answers`);
  if (view.empty || view.domains.length === 0)
    return writeLine(ctx.stdout, `${view.empty ?? 'No sources cited'}.`);
  writeLine(
    ctx.stdout,
    formatTable(
      ['Domain', 'Kind of site', 'Answers', 'Share', 'Change', 'Brand', 'Appears as'],
      view.domains.map((d) => [
        d.domain,
        SITE_KIND_LABELS[d.siteKind],
        d.share.k,
        formatRate(d.share),
        formatRateChange(d.change),
        nameOf(brands, d.brandId) ?? '-',
        d.kinds.join(','),
      ]),
    ),
  );
  writeLine(
    ctx.stdout,
    `\nShares by kind of site, of ${view.citations} citations (a domain once per answer):`,
  );
  writeLine(
    ctx.stdout,
    formatTable(
      ['Kind of site', 'Citations', 'Share', 'Change', 'Domains'],
      view.byKind.map((k) => [
        SITE_KIND_LABELS[k.kind],
        k.share.k,
        formatRate(k.share),
        formatRateChange(k.change),
        k.domains,
      ]),
    ),
  );
  writeLine(ctx.stdout, `\n${STATS_LEGEND}`);
}

/** The three competitors named most often in a gap, then how many more. */
function competitorsText(list: Gap['competitors'], brands: Map<string, BrandView>) {
  const top = list.slice(0, 3).map((c) => `${nameOf(brands, c.brandId)} (${c.answers})`);
  return list.length > 3 ? `${top.join(', ')} +${list.length - 3} more` : top.join(', ');
}

function gapTable(list: readonly Gap[], brands: Map<string, BrandView>): string {
  return formatTable(
    ['Domain', 'Kind of site', 'Answers', 'Share of gap answers', 'Competitors named'],
    list.map((g) => [
      g.domain,
      SITE_KIND_LABELS[g.siteKind],
      g.gapAnswers.k,
      formatRate(g.gapAnswers),
      competitorsText(g.competitors, brands),
    ]),
  );
}

function printGaps(ctx: CliContext, view: CitationGapsView, brands: Map<string, BrandView>): void {
  const focus = nameOf(brands, view.focusBrandId) ?? view.focusBrandId;
  writeLine(
    ctx.stdout,
    `Citation gaps for ${focus}, ${periodText(view.period)}: ${view.gapAnswers} answers name a competitor but not ${focus}`,
  );
  const note = reanalysisNote(view.reanalysis);
  if (note) writeLine(ctx.stdout, note);
  writeLine(
    ctx.stdout,
    `Sites cited in ${view.minAnswers} or more of them and never where ${focus} is named; competitors' own sites apart.`,
  );
  writeLine(
    ctx.stdout,
    view.empty || view.gaps.length === 0 ? `${view.empty ?? 'No gaps'}.` : gapTable(view.gaps, brands),
  );
  if (view.partialGaps.length > 0) {
    writeLine(ctx.stdout, `\nPartial gaps (also cited in answers naming ${focus}):`);
    writeLine(ctx.stdout, gapTable(view.partialGaps, brands));
  }
  if (view.competitorSites.length > 0) {
    writeLine(ctx.stdout, `\nCompetitors' own sites:`);
    writeLine(ctx.stdout, gapTable(view.competitorSites, brands));
  }
  if (view.thinGaps.length > 0)
    writeLine(
      ctx.stdout,
      `\n${view.thinGaps.length} more site${view.thinGaps.length === 1 ? '' : 's'} cited in fewer than ${view.minAnswers} gap answers: few answers, not listed (see --json thinGaps).`,
    );
  writeLine(ctx.stdout, `\n${STATS_LEGEND}`);
}

function printUrls(ctx: CliContext, view: UrlsView, focus: string): void {
  writeLine(
    ctx.stdout,
    `Cited URLs of ${view.domain ?? `${focus}\u2019s domains`}, ${periodText(view.period)}`,
  );
  if (view.empty || view.urls.length === 0) return writeLine(ctx.stdout, `${view.empty ?? 'No URLs'}.`);
  writeLine(
    ctx.stdout,
    formatTable(
      ['URL', 'Title', 'Answers', 'Best position'],
      view.urls.map((u) => [u.url, clip(u.title ?? '', 50), u.answers, u.bestPosition]),
    ),
  );
}

function printQueries(ctx: CliContext, view: FanOutView, labelOf: EngineLabelOf): void {
  writeLine(
    ctx.stdout,
    `Search queries engines ran, ${periodText(view.period)}, over ${view.answers} answers`,
  );
  if (view.empty || view.queries.length === 0) return writeLine(ctx.stdout, `${view.empty ?? 'No queries'}.`);
  writeLine(
    ctx.stdout,
    formatTable(
      ['Query', 'Answers', 'Engines', 'New', 'First seen'],
      view.queries.map((q) => [
        clip(q.query, 70),
        q.answers,
        q.engines.map(labelOf).join(', '),
        q.isNew ? 'new' : '',
        q.firstSeen,
      ]),
    ),
  );
}

function show(
  ctx: CliContext,
  mode: Mode,
  service: VisibilityService,
  query: Record<string, unknown>,
  brands: Map<string, BrandView>,
  labelOf: EngineLabelOf,
): void {
  const flags = FILTER_FLAG_NAMES;
  switch (mode) {
    case 'domains': {
      const view = askService(() =>
        service.sources(parseFlags(visibilityChannels['visibility.sources'].input, query, flags)),
      );
      return ctx.json ? writeJson(ctx, domainsJson(view, brands)) : printDomains(ctx, view, brands);
    }
    case 'gaps': {
      const view = askService(() =>
        service.gaps(parseFlags(visibilityChannels['visibility.gaps'].input, query, flags)),
      );
      return ctx.json ? writeJson(ctx, gapsJson(view, brands)) : printGaps(ctx, view, brands);
    }
    case 'urls': {
      const input = parseFlags(visibilityChannels['visibility.urls'].input, query, flags);
      const view = askService(() => service.urls(input));
      const focus = view.domain === null ? focusOf(brands, input.brandId) : null;
      return ctx.json
        ? writeJson(ctx, urlsJson(view, focus))
        : printUrls(ctx, view, focus?.name ?? 'the brand');
    }
    case 'queries': {
      const view = askService(() =>
        service.queries(parseFlags(visibilityChannels['visibility.queries'].input, query, flags)),
      );
      return ctx.json ? writeJson(ctx, queriesJson(view, labelOf)) : printQueries(ctx, view, labelOf);
    }
  }
}

export const registerSourcesCommand: RegisterCommand = (program: Command, ctx: CliContext) => {
  const sources = program.command('sources');
  registerSiteKindCommands(sources, ctx);
  addFilterOptions(
    sources.description(
      'Cited domains with their share of answers; citation gaps, URLs of a domain, fan-out queries',
    ),
  )
    .option('--brand <name>', 'the focus brand for --gaps and --urls (name or id)')
    .option('--gaps', 'citation gaps of the focus brand')
    .option('--domain <domain>', 'the URLs of this domain')
    .option('--urls', 'the focus brand\u2019s own cited URLs')
    .option('--queries', 'the search queries engines ran (fan-out), new ones marked')
    .option('--limit <n>', 'how many rows, 1-500 (default 50; 100 for URLs)')
    .addHelpText('after', HELP)
    .action(async (flags: SourcesFlags) => {
      const mode = modeOf(flags);
      const limit = limitOf(flags.limit);
      await withCliCore(ctx, { ...READS, ...flags }, async (core) => {
        const query = {
          ...queryOf(core.store, flags, Date.now()),
          ...(limit !== undefined ? { limit } : {}),
          ...(mode === 'urls' && flags.domain !== undefined ? { domain: flags.domain } : {}),
        };
        const service = await core.services.visibility();
        // Brand numbers (owners, gaps) are partial until a brand change's re-analysis ends.
        await finishReanalysis(ctx, service);
        show(ctx, mode, service, query, brandNames(core.store), core.labelOf);
      });
    });
};
