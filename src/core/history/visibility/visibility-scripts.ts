import type Database from 'better-sqlite3';
import { pluck } from '../connection';
import {
  countJobAnswers,
  readReanalysisJob,
  writeReanalysisJob,
  type JobState,
} from './visibility-reanalysis';

/**
 * Records the re-analysis of the stored answers written in a non-Latin script with spaces
 * (Korean, Russian, Arabic…), where a brand name attached to a letter of another script
 * ("Keyfort는") was not found before the matcher ended words at a change of script. Their brand
 * rows are replaced one by one as the job reaches them; the other answers read the same under
 * both rules and keep theirs. A full job under way covers them already; a pending job over the
 * search results without text is widened to these answers and starts again from the first.
 */
export function recordScriptsReanalysis(db: Database.Database): void {
  if ((pluck(db, 'SELECT count(*) FROM brands').get() as number) === 0) return;
  const pending = readReanalysisJob(db);
  if (pending !== null && pending.textless !== true) return;
  const scripts: JobState = { after: 0, upTo: 0, done: 0, total: 0, scripts: true };
  if (countJobAnswers(db, scripts).n === 0) return;
  const scope: JobState = pending?.textless === true ? { ...scripts, textless: true } : scripts;
  const found = countJobAnswers(db, scope);
  if (found.upTo === null) return;
  writeReanalysisJob(db, { ...scope, upTo: found.upTo, total: found.n });
}
