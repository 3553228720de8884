import type Database from 'better-sqlite3';
import { recordTextlessReanalysis } from '../../visibility';

// Schema version 20: a web search result without an AI overview and a news search result have
// no answer text, so the Visibility index found no brand named in them (0 % for every brand on
// those engines). They are now read by their organic and news results' titles and snippets,
// a brand's position being the rank of the first result naming it (mention-text.ts). No table
// changes: the answers without text already stored are re-analysed by the Visibility
// re-analysis job recorded here, in the background (the app) or by the CLI, as after a brand
// change; the upgrade itself only counts them.
export const sql = '';

export function fill(db: Database.Database): void {
  recordTextlessReanalysis(db);
}
