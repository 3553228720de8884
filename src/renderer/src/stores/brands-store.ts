import { create } from 'zustand';
import type { BrandMatrixView, BrandView } from '../../../shared/ipc/channels/library';
import type { InvokeInput } from '../../../shared/ipc/contract';
import { call } from '../ipc/client';
import { compileBrandMatcher, type BrandMatcher } from '../../../shared/analytics/brand-matcher';
import { toShownError, type ShownError } from '../lib/errors';

interface BrandsState {
  brands: BrandView[] | null;
  /** Compiled once per brand list; used for highlighting everywhere. */
  matcher: BrandMatcher | null;
  error: ShownError | null;
  matrix: BrandMatrixView | null;
  matrixError: ShownError | null;
  matrixLoading: boolean;
  load(): Promise<void>;
  save(brand: InvokeInput<'brands.save'>): Promise<boolean>;
  remove(id: string): Promise<void>;
  loadMatrix(runId: string): Promise<void>;
}

/** The analyst's brands and competitors (for highlighting everywhere) and the brand matrix. */
export const useBrandsStore = create<BrandsState>((set, get) => ({
  brands: null,
  matcher: null,
  error: null,
  matrix: null,
  matrixError: null,
  matrixLoading: false,
  async load() {
    try {
      const brands = await call('brands.list', {});
      set({ brands, matcher: brands.length > 0 ? compileBrandMatcher(brands) : null, error: null });
    } catch (error) {
      set({ error: toShownError(error) });
    }
  },
  async save(brand) {
    try {
      await call('brands.save', brand);
      await get().load();
      return true;
    } catch (error) {
      set({ error: toShownError(error) });
      return false;
    }
  },
  async remove(id) {
    try {
      await call('brands.delete', { id });
      await get().load();
    } catch (error) {
      set({ error: toShownError(error) });
    }
  },
  async loadMatrix(runId) {
    set({ matrixLoading: true, matrixError: null });
    try {
      set({ matrix: await call('brands.matrix', { runId }), matrixLoading: false });
    } catch (error) {
      set({ matrix: null, matrixError: toShownError(error), matrixLoading: false });
    }
  },
}));
