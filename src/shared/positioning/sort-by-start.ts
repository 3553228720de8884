/**
 * Sorts by start, stable like Array.prototype.sort (equal starts keep their order): a few
 * entries are put in place by insertion, without the work array the native sort allocates per
 * call (the largest of the judge's sort allocations); a long list goes to the native sort.
 */
export function sortByStart<T extends { start: number }>(list: T[]): void {
  if (list.length > 16) {
    list.sort((a, b) => a.start - b.start);
    return;
  }
  for (let i = 1; i < list.length; i++) {
    const item = list[i] as T;
    let j = i - 1;
    while (j >= 0 && (list[j] as T).start > item.start) {
      list[j + 1] = list[j] as T;
      j--;
    }
    list[j + 1] = item;
  }
}
