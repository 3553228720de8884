import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useRef, useState } from 'react';

interface Props<T> {
  label: string;
  count: number;
  rowHeight: number;
  rowAt(index: number): T | undefined;
  /** Called with the visible index range (plus overscan) so missing rows can be fetched. */
  onRange?(first: number, last: number): void;
  renderRow(row: T | undefined, index: number): React.ReactNode;
  onActivate?(row: T, index: number): void;
  /** The Delete key on the active row (lists whose rows can be removed). */
  onDeleteKey?(row: T, index: number): void;
  height?: number;
}

/**
 * A virtualized list: only the rows in view (plus a few) exist in the DOM, so 100,000 rows
 * scroll smoothly. A one-column grid, not a listbox: a row may hold buttons (delete, mark read),
 * which an option may not contain. Keyboard: the list is one tab stop; arrows / Page keys / Home / End move
 * the active row (aria-activedescendant), Enter opens it, Delete removes it (when the list allows).
 */
export function VirtualList<T>({
  label,
  count,
  rowHeight,
  rowAt,
  onRange,
  renderRow,
  onActivate,
  onDeleteKey,
  height = 480,
}: Props<T>) {
  const id = useId();
  const parentRef = useRef<HTMLDivElement>(null);
  const [activeState, setActive] = useState(0);
  // Kept inside the list when it shrinks (a filter narrowed it, a row was deleted).
  const active = Math.min(activeState, Math.max(0, count - 1));
  // TanStack Virtual returns fresh functions each render; React Compiler just skips this component.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => parentRef.current,
    estimateSize: () => rowHeight,
    overscan: 8,
    initialRect: { width: 800, height },
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;

  useEffect(() => {
    if (count > 0) onRange?.(first, last);
  }, [first, last, count, onRange]);

  const move = (to: number): void => {
    const next = Math.max(0, Math.min(count - 1, to));
    setActive(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };

  const onKeyDown = (e: React.KeyboardEvent): void => {
    const page = Math.max(1, Math.floor(height / rowHeight) - 1);
    if (e.key === 'ArrowDown') move(active + 1);
    else if (e.key === 'ArrowUp') move(active - 1);
    else if (e.key === 'PageDown') move(active + page);
    else if (e.key === 'PageUp') move(active - page);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(count - 1);
    else if (e.key === 'Enter') {
      const row = rowAt(active);
      if (row !== undefined) onActivate?.(row, active);
    } else if (e.key === 'Delete' && onDeleteKey) {
      const row = rowAt(active);
      if (row !== undefined) onDeleteKey(row, active);
    } else return;
    e.preventDefault();
  };

  return (
    <div
      ref={parentRef}
      className="virtual-list"
      style={{ height: Math.min(height, Math.max(rowHeight, count * rowHeight) + 2) }}
      role="grid"
      aria-label={label}
      aria-rowcount={count}
      tabIndex={0}
      aria-activedescendant={count > 0 ? `${id}-row-${active}` : undefined}
      aria-keyshortcuts={onDeleteKey ? 'Enter Delete' : undefined}
      onKeyDown={onKeyDown}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((item) => {
          const row = rowAt(item.index);
          return (
            <div
              key={item.key}
              id={`${id}-row-${item.index}`}
              role="row"
              aria-selected={item.index === active}
              aria-rowindex={item.index + 1}
              className={`virtual-row${item.index === active ? ' active' : ''}`}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                height: item.size,
                transform: `translateY(${item.start}px)`,
              }}
              onClick={() => {
                setActive(item.index);
                if (row !== undefined) onActivate?.(row, item.index);
              }}
            >
              <div role="gridcell">{renderRow(row, item.index)}</div>
            </div>
          );
        })}
      </div>
    </div>
  );
}
