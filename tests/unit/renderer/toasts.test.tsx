import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toasts } from '../../../src/renderer/src/components/Toasts';
import { TOAST_MS, TOASTS_KEPT, useToastStore } from '../../../src/renderer/src/stores/toast-store';
import { resetStores } from './reset-stores';

// The notice stack: at most 3 on screen, newest on top, the rest behind "+N more".

function visibleMessages(): string[] {
  const region = screen.getByRole('region', { name: 'Notifications' });
  return within(region)
    .getAllByRole('listitem')
    .map((li) => li.querySelector('span:not(.visually-hidden)')?.textContent ?? '');
}

describe('Toasts', () => {
  beforeEach(() => {
    resetStores();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows at most 3, newest on top, with "+N more" and dismiss all', () => {
    render(<Toasts />);
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    act(() => {
      for (let i = 1; i <= 5; i++) useToastStore.getState().push('error', `Problem ${i}`);
    });
    expect(visibleMessages()).toEqual(['Problem 5', 'Problem 4', 'Problem 3']);
    expect(screen.getByText('+2 more')).toBeInTheDocument();

    // Dismissing the newest brings the next one up.
    fireEvent.click(
      within(screen.getAllByRole('listitem')[0]!).getByRole('button', { name: 'Dismiss notification' }),
    );
    expect(visibleMessages()).toEqual(['Problem 4', 'Problem 3', 'Problem 2']);
    expect(screen.getByText('+1 more')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss all' }));
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('announces each notice once, politely, with its level in words', () => {
    render(<Toasts />);
    const announcer = screen.getByRole('status');
    expect(announcer).toHaveAttribute('aria-live', 'polite');
    act(() => useToastStore.getState().push('success', 'Backup written'));
    act(() => useToastStore.getState().push('error', 'Export failed'));
    expect(announcer.textContent).toBe('Error: Export failed');
    // The stack itself is not a live region, so a notice moving up is not read again.
    expect(screen.getByRole('region', { name: 'Notifications' })).not.toHaveAttribute('aria-live');
    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss notification' })[0]!);
    expect(visibleMessages()).toEqual(['Backup written']);
    expect(announcer.textContent).toBe('Error: Export failed');
  });

  it('lets notices other than errors leave on their own', () => {
    render(<Toasts />);
    act(() => {
      useToastStore.getState().push('error', 'Stays');
      useToastStore.getState().push('info', 'Leaves');
    });
    expect(visibleMessages()).toEqual(['Leaves', 'Stays']);
    act(() => vi.advanceTimersByTime(TOAST_MS));
    expect(visibleMessages()).toEqual(['Stays']);
  });

  it('keeps a bounded backlog, dropping the oldest', () => {
    act(() => {
      for (let i = 1; i <= TOASTS_KEPT + 5; i++) useToastStore.getState().push('error', `E${i}`);
    });
    const kept = useToastStore.getState().toasts;
    expect(kept).toHaveLength(TOASTS_KEPT);
    expect(kept[0]?.message).toBe('E6');
    render(<Toasts />);
    expect(screen.getByText(`+${TOASTS_KEPT - 3} more`)).toBeInTheDocument();
  });
});
