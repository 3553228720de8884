import { escapeHtml, safeHttpUrl } from '../export';

// Small HTML builders the report's sections share. Every value passes through escapeHtml;
// links are emitted only for plain http(s) URLs, anything else is shown as text.

/** Escaped text. */
export const t = (value: string | number): string => escapeHtml(String(value));

/** An anchor for an http(s) URL (escaped label), or the label as text for anything else. */
export function link(url: string, label: string): string {
  const href = safeHttpUrl(url);
  return href ? `<a href="${t(href)}" rel="noopener noreferrer">${t(label)}</a>` : t(label);
}

export interface Column<R> {
  head: string;
  /** Cell HTML (already escaped by the caller). */
  cell(row: R): string;
  className?: string;
  /** The column's share of the table's width, in %: tables have a fixed layout, so it is kept. */
  width?: number;
}

/** Column widths, when the columns give them (the others share what is left). */
function colgroup<R>(columns: readonly Column<R>[]): string {
  if (columns.every((c) => c.width === undefined)) return '';
  return `<colgroup>${columns.map((c) => (c.width === undefined ? '<col>' : `<col style="width:${c.width}%">`)).join('')}</colgroup>`;
}

/** A table; an empty list gives the sentence instead. */
export function table<R>(label: string, columns: Column<R>[], rows: readonly R[], empty: string): string {
  if (rows.length === 0) return `<p class="muted">${t(empty)}</p>`;
  const head = columns.map((c) => `<th scope="col">${t(c.head)}</th>`).join('');
  const body = rows
    .map(
      (r) =>
        `<tr>${columns.map((c) => `<td${c.className ? ` class="${c.className}"` : ''}>${c.cell(r)}</td>`).join('')}</tr>`,
    )
    .join('');
  return `<table aria-label="${t(label)}">${colgroup(columns)}<thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

/** A report section with a heading and an id tests and readers can find. */
export function section(id: string, title: string, body: string, note?: string): string {
  return [
    `<section id="${id}" class="section">`,
    `<h2>${t(title)}</h2>`,
    note ? `<p class="note">${t(note)}</p>` : '',
    body,
    '</section>',
  ].join('');
}

/** A change, marked so it reads as "not significant" in colour and in words. */
export function changeCell(text: string, significant: boolean, good: boolean | null): string {
  const cls = !significant ? 'ns' : good === null ? '' : good ? 'up' : 'down';
  return `<span class="change ${cls}">${t(text)}</span>`;
}

/** Background for a heatmap cell: white at 0, the report's blue at 1. */
export function heatColor(value: number | null): string {
  if (value === null) return '#f4f5f7';
  const v = Math.max(0, Math.min(1, value));
  const mix = (a: number, b: number): number => Math.round(a + (b - a) * v);
  return `rgb(${mix(255, 36)},${mix(255, 86)},${mix(255, 201)})`;
}
