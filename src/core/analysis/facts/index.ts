// Brand facts over stored answers: sheets, the re-check, the discrepancy figures.
export { createFactsService, type FactsService, type JobFactCheck, type SetSheetResult } from './service';
