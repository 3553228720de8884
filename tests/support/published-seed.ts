import { seedSkipped, type PublishSeedReport, type SeedSkipped } from '../../src/core/team/sync';

/** The report of a publication that must have run (not skipped as busy or fresh). */
export function published(outcome: PublishSeedReport | SeedSkipped): PublishSeedReport {
  if (seedSkipped(outcome)) throw new Error(`the seed was not published: ${outcome.skipped}`);
  return outcome;
}
