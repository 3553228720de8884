import type { CommerceBucket, CommerceService } from '../../../shared/commerce';
import type { CommerceSource, ReportMerchant } from './types';

// The client report's products and ads, read through the same service as the Commerce view and
// `parallax commerce`, `parallax ads`: so a figure in the report is the one the analyst sees.
// Answers stored before commerce rows existed are read into rows first, as the commands do.

/** Retailers listed in the report. */
export const REPORT_MERCHANTS = 8;
/** Advertisers that are no tracked brand, listed in the report. */
export const REPORT_ADVERTISERS = 8;
/** Competitors' ads on questions naming a tracked brand, listed in the report. */
export const REPORT_CONQUESTS = 10;

function finishFill(service: CommerceService): void {
  let step = service.fill();
  while (step.left > 0 && step.done > 0) step = service.fill();
}

function merchantsOf(buckets: readonly CommerceBucket[], focusBrandId: string | null): ReportMerchant[] {
  return buckets
    .map((b) => ({
      merchant: b.bucket,
      slots: b.surfaces.productSlots,
      focusShare: b.brands.find((row) => row.brandId === focusBrandId)?.shelfShare ?? null,
    }))
    .sort((a, b) => b.slots - a.slots || a.merchant.localeCompare(b.merchant))
    .slice(0, REPORT_MERCHANTS);
}

export function reportCommerce(service: CommerceService): CommerceSource {
  return (query, focusBrandId) => {
    finishFill(service);
    const { buckets, by: _by, ...summary } = service.summary(query, 'merchant');
    if (summary.surfaces.withShopping + summary.surfaces.withAds === 0) return null;
    const ads = service.ads(query);
    const focusFirst = [...ads.conquest].sort(
      (a, b) =>
        Number(b.brandId === focusBrandId) - Number(a.brandId === focusBrandId) || b.answers - a.answers,
    );
    return {
      summary,
      byEngine: service.summary(query, 'engine').buckets,
      merchants: merchantsOf(buckets, focusBrandId),
      ads: {
        ...ads,
        untracked: ads.untracked.slice(0, REPORT_ADVERTISERS),
        conquest: focusFirst.slice(0, REPORT_CONQUESTS),
      },
    };
  };
}
