// Rows of a long list fetched page by page as they scroll into view, cached by page. A plain
// object with a subscribe/version pair so React reads it through useSyncExternalStore.

export interface Page<T> {
  rows: T[];
  total: number;
}

export type PageLoader<T> = (offset: number, limit: number) => Promise<Page<T>>;

export class PageCache<T> {
  private readonly pages = new Map<number, T[] | 'loading'>();
  private readonly listeners = new Set<() => void>();
  private version = 0;
  /** Total row count, known once the first page arrived. */
  total: number | null = null;
  error: unknown = null;

  constructor(
    private readonly load: PageLoader<T>,
    readonly pageSize: number,
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  private changed(): void {
    this.version++;
    for (const l of this.listeners) l();
  }

  /** Fetches the pages covering rows first…last that are not cached or loading yet. */
  ensureRange = (first: number, last: number): void => {
    const from = Math.floor(Math.max(0, first) / this.pageSize);
    const to = Math.floor(Math.max(0, last) / this.pageSize);
    for (let p = from; p <= to; p++) {
      if (this.pages.has(p)) continue;
      this.pages.set(p, 'loading');
      this.load(p * this.pageSize, this.pageSize).then(
        (page) => {
          this.pages.set(p, page.rows);
          this.total = page.total;
          this.changed();
        },
        (e: unknown) => {
          this.pages.delete(p);
          this.error = e;
          this.changed();
        },
      );
    }
  };

  rowAt = (index: number): T | undefined => {
    const page = this.pages.get(Math.floor(index / this.pageSize));
    return page === undefined || page === 'loading' ? undefined : page[index % this.pageSize];
  };
}
