import type Database from 'better-sqlite3';
import { pluck, stmt } from '../connection';
import type { ReplicaRow } from './columns';

// A run's prompts that reached the team after the run itself. A push sends a run and its prompts
// in separate transactions, so a pull that meets the run in between takes it without them; its
// jobs then cannot be stored here (a job refers to its run's prompt) until the prompts are.

export interface RunPromptsApi {
  /** Which of these runs are here with fewer prompts than they were created with. */
  runsLackingPrompts(runIds: readonly string[]): Set<string>;
  /** Adds the prompts of runs here that lack them (a prompt already here is left as it is). */
  addRunPrompts(prompts: readonly ReplicaRow[]): number;
}

export function createRunPromptsApi(db: Database.Database): RunPromptsApi {
  return {
    runsLackingPrompts(runIds) {
      if (runIds.length === 0) return new Set();
      const lacking = pluck(
        db,
        `SELECT r.id FROM runs r WHERE r.id IN (SELECT value FROM json_each(?))
           AND r.prompt_count > (SELECT count(*) FROM run_prompts p WHERE p.run_id = r.id)`,
      ).all(JSON.stringify([...new Set(runIds)])) as string[];
      return new Set(lacking);
    },
    addRunPrompts(prompts) {
      const hasRun = pluck(db, 'SELECT 1 FROM runs WHERE id = ?');
      const hasPrompt = pluck(db, 'SELECT 1 FROM prompts WHERE id = ?');
      const insert = stmt(
        db,
        'INSERT OR IGNORE INTO run_prompts (run_id, idx, text, prompt_id) VALUES (?, ?, ?, ?)',
      );
      let added = 0;
      for (const p of prompts) {
        if (hasRun.get(p['run_id']) === undefined) continue;
        const promptId = hasPrompt.get(p['prompt_id']) !== undefined ? p['prompt_id'] : null;
        added += insert.run(p['run_id'], p['idx'], p['text'], promptId).changes;
      }
      return added;
    },
  };
}
