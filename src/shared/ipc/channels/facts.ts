import { z } from 'zod';
import type { FactsFigures, FactSheetError, ResultFacts } from '../../facts';
import type { FactsCheckEstimate, FactsModelCheckStatus } from '../../facts/model-check';
import { invokeChannel } from '../define';

// Brand facts in the Brands view: each brand's fact sheet imported from a YAML or CSV file
// through main's open dialog, and the figures (discrepancy rate with n and interval, per fact,
// the sites cited in contradicting answers) from core.services.facts(); in Compare, each
// answer's verdicts with their quotes.

const id = z.string().min(1).max(64);
/** The answers of the last `days` days; all when absent. */
const period = z.object({ days: z.number().int().min(1).max(3650).optional() }).strict();

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
        by: z.enum(['engine', 'country', 'language', 'fact']).optional(),
      })
      .strict(),
  ).returns<FactsFigures>(),
  /** Asks for a fact sheet file (YAML or CSV) and sets it as the brand's sheet. */
  'facts.importSheet': invokeChannel(z.object({ brandId: id }).strict()).returns<FactSheetImportView>(),
  /** Each answer's supported and contradicted facts with their quotes and offsets (Compare marks them). */
  'facts.results': invokeChannel(z.object({ resultIds: z.array(id).min(1).max(500) }).strict()).returns<
    ResultFacts[]
  >(),
  /** What asking the model judge about the facts the checker left would cost; nothing is sent. */
  'facts.modelCheck.estimate': invokeChannel(period).returns<FactsCheckEstimate>(),
  /** Starts that check in the background (progress: the 'facts.modelCheck' event). */
  'facts.modelCheck.start': invokeChannel(period).returns<FactsModelCheckStatus>(),
  /** Stops it after the answers under way. */
  'facts.modelCheck.cancel': invokeChannel(z.object({}).strict()).returns<FactsModelCheckStatus>(),
  'facts.modelCheck.status': invokeChannel(z.object({}).strict()).returns<FactsModelCheckStatus>(),
};
