import { z } from 'zod';
import type { FactsFigures, FactSheetError, ResultFacts } from '../../facts';
import { invokeChannel } from '../define';

// Brand facts in the Brands view: each brand's fact sheet imported from a YAML or CSV file
// through main's open dialog, and the figures (discrepancy rate with n and interval, per fact,
// the sites cited in contradicting answers) from core.services.facts(); in Compare, each
// answer's verdicts with their quotes.

const id = z.string().min(1).max(64);

export interface FactSheetImportView {
  /** The file read; null when the user canceled the dialog. */
  path: string | null;
  brand: string;
  /** Facts stored (the sheet now holds exactly these). */
  facts: number;
  /** Facts left out, by line and field. */
  errors: FactSheetError[];
}

export const factsChannels = {
  /** The period's figures, after re-checking what a sheet or brand change left to check. */
  'facts.figures': invokeChannel(
    z
      .object({
        days: z.number().int().min(1).max(730).default(30),
        by: z.enum(['engine', 'country', 'fact']).optional(),
      })
      .strict(),
  ).returns<FactsFigures>(),
  /** Asks for a fact sheet file (YAML or CSV) and sets it as the brand's sheet. */
  'facts.importSheet': invokeChannel(z.object({ brandId: id }).strict()).returns<FactSheetImportView>(),
  /** Each answer's supported and contradicted facts with their quotes and offsets (Compare marks them). */
  'facts.results': invokeChannel(z.object({ resultIds: z.array(id).min(1).max(500) }).strict()).returns<
    ResultFacts[]
  >(),
};
