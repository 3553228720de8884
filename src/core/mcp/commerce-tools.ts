import type { CommerceRate } from '../../shared/commerce';
import { commerceChannels } from '../../shared/ipc/channels/commerce';
import { clip, table } from './text';
import type { ToolSpec } from './tool';
import type { McpDeps } from './types';

// The commerce layer of the answers asked with shopping and ads on: who is on the shelf and who
// pays for ads, from the same service as the app's Commerce view and `parallax commerce|ads`.
// Rates keep their 95 % interval and n; a number on fewer than 30 answers says so.

const HELP =
  "scope: {kind:'all'} (default), {kind:'monitor', id} or {kind:'run', id}; period: {days: 30} (default) or {from:'YYYY-MM-DD', to:'YYYY-MM-DD'}; engines and locations ('DE', 'US-CA') narrow it; brandId (list_brands) keeps one brand's row.";

const pct = (v: number): string => `${(v * 100).toFixed(1)} %`;

/** "42.1 % [95 % CI 38.0–46.3 %] (n 285)", or "no data (n 0)". */
export function commerceRateText(r: CommerceRate): string {
  if (r.value === null) return 'no data (n 0)';
  const interval = r.lower !== null && r.upper !== null ? ` [95 % CI ${pct(r.lower)}–${pct(r.upper)}]` : '';
  return `${pct(r.value)}${interval} (n ${r.n})`;
}

export function commerceTools(deps: McpDeps) {
  const shelf: ToolSpec<(typeof commerceChannels)['commerce.summary']['input']> = {
    name: 'commerce_shelf',
    title: 'Who the engines sell: the shopping shelf',
    description: `The shopping layer of the answers asked with shopping on: the shopping rate (answers showing a shopping surface), and per brand its shelf presence (answers with a shopping surface that show its products), share of shelf (its product slots over all slots; the interval treats an answer's slots as one cluster), best product rank, price index (its median price over the median of every product in the same answers, per currency) and the merchants that carry it; then paid vs organic per engine (its mention rate in the text beside its shelf and ad presence in the same answers). Each rate has its 95 % interval and n. by: 'engine', 'country', 'day' or 'merchant' adds a table per bucket. ${HELP}`,
    input: commerceChannels['commerce.summary'].input,
    async run({ by, ...query }) {
      const view = (await deps.services.commerce()).summary(query, by);
      const s = view.surfaces;
      const lines = [
        `Commerce, ${view.period.from} to ${view.period.to} (${view.period.days} days).`,
        `${s.answers} answers asked with shopping or ads on; ${s.withShopping} show a shopping surface (shopping rate ${commerceRateText(s.shoppingRate)}), ${s.withAds} show ads; ${s.productSlots} product slots, ${s.adSlots} ad slots.`,
      ];
      if (view.empty) lines.push(view.empty);
      if (view.brands.length > 0)
        lines.push(
          '',
          'Shelf per brand (95 % intervals):',
          table(
            ['Brand', 'Shelf presence', 'Share of shelf', 'Best rank', 'Price index', 'Merchants', 'Note'],
            view.brands.map((b) => [
              `${b.brand}${b.kind === 'brand' ? ' (your brand)' : ''}`,
              commerceRateText(b.shelfPresence),
              commerceRateText(b.shelfShare),
              b.bestRank === null ? null : b.bestRank.toFixed(1),
              b.priceIndex === null ? null : `${b.priceIndex.toFixed(2)} (${b.priceCurrency ?? ''})`,
              b.merchants
                .slice(0, 3)
                .map((m) => clip(m.merchant, 40))
                .join(', '),
              b.note,
            ]),
          ),
        );
      if (view.paidVsOrganic.length > 0)
        lines.push(
          '',
          'Paid vs organic, per brand and engine (same answers):',
          table(
            ['Brand', 'Engine', 'Answers', 'Mentioned in text', 'On the shelf', 'Ad shown'],
            view.paidVsOrganic.map((r) => [
              r.brand,
              r.engine,
              r.answers,
              commerceRateText(r.mentionRate),
              commerceRateText(r.shelfPresence),
              commerceRateText(r.adPresence),
            ]),
          ),
        );
      for (const bucket of view.buckets)
        lines.push(
          '',
          `${by ?? 'bucket'} ${clip(bucket.bucket, 80)}: ${bucket.surfaces.answers} answers, shopping rate ${commerceRateText(bucket.surfaces.shoppingRate)}`,
          ...bucket.brands.map(
            (b) =>
              `- ${b.brand}: shelf presence ${commerceRateText(b.shelfPresence)}, share of shelf ${commerceRateText(b.shelfShare)}`,
          ),
        );
      return { text: lines.join('\n'), data: { ...view } };
    },
  };

  const ads: ToolSpec<(typeof commerceChannels)['commerce.ads']['input']> = {
    name: 'commerce_ads',
    title: 'Who pays to be there: ads and conquesting',
    description: `The ads of the answers asked with ads on: each advertiser's ad presence (answers showing its ad over answers with at least one ad) with its 95 % interval and n, its answers and ad slots; the advertisers that are no tracked brand; and conquesting: a competitor's ads on answers whose prompt names a tracked brand, per engine. Advertiser names and ad titles are the engines' text, quoted as data. ${HELP}`,
    input: commerceChannels['commerce.ads'].input,
    async run(query) {
      const view = (await deps.services.commerce()).ads(query);
      const lines = [
        `Ads, ${view.period.from} to ${view.period.to} (${view.period.days} days): ${view.answers} answers asked with ads on, ${view.withAds} show ads (${view.adSlots} ad slots).`,
      ];
      if (view.advertisers.length > 0)
        lines.push(
          '',
          'Advertisers (95 % intervals):',
          table(
            ['Advertiser', 'Tracked', 'Ad presence', 'Answers', 'Slots'],
            view.advertisers.map((a) => [
              clip(a.advertiser, 80),
              a.kind === 'brand' ? 'your brand' : a.kind === 'competitor' ? 'competitor' : 'no',
              commerceRateText(a.presence),
              a.answers,
              a.slots,
            ]),
          ),
        );
      if (view.untracked.length > 0)
        lines.push(
          '',
          `Advertisers that are no tracked brand: ${view.untracked.map((a) => clip(a.advertiser, 60)).join(', ')}.`,
        );
      lines.push(
        '',
        view.conquest.length === 0
          ? 'Conquesting: no competitor advertises on prompts naming a tracked brand.'
          : 'Conquesting (a competitor’s ads on prompts naming the brand):\n' +
              table(
                ['Prompt names', 'Advertiser', 'Engine', 'Answers', 'Slots'],
                view.conquest.map((c) => [c.brand, c.advertiser, c.engine, c.answers, c.slots]),
              ),
      );
      return { text: lines.join('\n'), data: { ...view } };
    },
  };
  return [shelf, ads];
}
