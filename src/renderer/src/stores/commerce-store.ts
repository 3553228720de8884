import { create } from 'zustand';
import type {
  AdList,
  CommerceBy,
  CommerceDrillWhat,
  CommerceSummary,
  ProductList,
} from '../../../shared/commerce/types';
import type { EngineName } from '../../../shared/api/engines';
import type { VisibilityPeriod } from '../../../shared/visibility/types';
import { call } from '../ipc/client';
import { toShownError, type ShownError } from '../lib/errors';
import { useNavStore, type CommerceHighlight } from './nav-store';

/** How many answers a Commerce number opens in Compare at most (the total is still shown). */
export const COMMERCE_DRILL_LIMIT = 200;

/** The breakdowns the "By" table offers. */
export type CommerceByChoice = Extract<CommerceBy, 'engine' | 'country'>;

export interface CommerceData {
  summary: CommerceSummary;
  byBuckets: CommerceSummary;
  products: ProductList;
  ads: AdList;
}

/** One engine, location or day a drill-down narrows to. */
export interface CommerceCell {
  engine?: EngineName;
  location?: string;
}

interface CommerceState {
  period: VisibilityPeriod;
  by: CommerceByChoice;
  data: CommerceData | null;
  loading: boolean;
  error: ShownError | null;
  drillError: ShownError | null;
  load(): Promise<void>;
  setPeriod(period: VisibilityPeriod): void;
  setBy(by: CommerceByChoice): void;
  /** Opens the answers behind a number in Compare; `title` says what they are. */
  drill(what: CommerceDrillWhat, title: string, cell?: CommerceCell): Promise<void>;
}

let loadSeq = 0;

/** A tracked brand's name by id, from the shelf rows and the advertisers. */
function brandName(data: CommerceData | null, id: string): string | undefined {
  return (
    data?.summary.brands.find((b) => b.brandId === id)?.brand ??
    data?.ads.advertisers.find((a) => a.brandId === id)?.advertiser
  );
}

/** What Compare marks in each answer for a drill-down. */
export function highlightOf(what: CommerceDrillWhat, data: CommerceData | null): CommerceHighlight {
  switch (what.kind) {
    case 'shopping':
      return { kind: 'product' };
    case 'ads':
      return { kind: 'ad' };
    case 'shelf': {
      const brand = brandName(data, what.brandId);
      return { kind: 'product', ...(brand ? { brand } : {}) };
    }
    case 'brand-ads': {
      const brand = brandName(data, what.brandId);
      return { kind: 'ad', ...(brand ? { brand } : {}) };
    }
    case 'conquest': {
      const brand = brandName(data, what.advertiserId);
      return { kind: 'ad', ...(brand ? { brand } : {}) };
    }
    case 'advertiser':
      return { kind: 'ad', advertiser: what.advertiser };
    case 'merchant':
      return { kind: 'product', merchant: what.merchant };
    case 'product':
      return { kind: 'product', title: what.title };
  }
}

/** The Commerce view: shelf, prices, merchants and ads of the answers asked with shopping on. */
export const useCommerceStore = create<CommerceState>((set, get) => ({
  period: { days: 30 },
  by: 'engine',
  data: null,
  loading: false,
  error: null,
  drillError: null,

  async load() {
    const seq = ++loadSeq;
    const { period, by } = get();
    set({ loading: true, error: null });
    try {
      const [summary, byBuckets, products, ads] = await Promise.all([
        call('commerce.summary', { period }),
        call('commerce.summary', { period, by }),
        call('commerce.products', { period, limit: 20 }),
        call('commerce.ads', { period }),
      ]);
      if (seq === loadSeq) set({ data: { summary, byBuckets, products, ads }, loading: false });
    } catch (error) {
      if (seq === loadSeq) set({ error: toShownError(error), loading: false });
    }
  },

  setPeriod(period) {
    set({ period });
    void get().load();
  },

  setBy(by) {
    set({ by });
    void get().load();
  },

  async drill(what, title, cell = {}) {
    set({ drillError: null });
    try {
      const { resultIds, total } = await call('commerce.answers', {
        period: get().period,
        drill: { what, ...cell },
        limit: COMMERCE_DRILL_LIMIT,
      });
      useNavStore
        .getState()
        .openResultSet({ title, resultIds, total, highlight: highlightOf(what, get().data) });
    } catch (error) {
      set({ drillError: toShownError(error) });
    }
  },
}));
