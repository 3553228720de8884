import { commerceSheet, type CommerceSheet } from '../export';
import { engineName } from './format';
import type { ClientReport } from './types';

// The report's products and ads as a sheet (the run export's table, export/commerce-sheet.ts),
// left out when the report has no commerce section.

export function reportCommerceSheet(
  r: Pick<ClientReport, 'commerce' | 'focus' | 'labels'>,
): CommerceSheet | null {
  if (!r.commerce) return null;
  return commerceSheet(
    { brands: r.commerce.summary.brands, byEngine: r.commerce.byEngine },
    r.focus?.id ?? null,
    (engine) => engineName(engine, r.labels),
  );
}
