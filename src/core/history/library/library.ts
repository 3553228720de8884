import type { BrandView, PromptSetView, SavedPromptView } from '../../../shared/ipc/channels/library';
import { HistoryStateError, parseObject, stmt, pluck, type StoreContext } from '../connection';
import { ensureTagIds, findTagId, pruneUnusedTags } from './tags';
import type { VisibilityIndexer } from '../visibility';

export interface BrandInput {
  id?: string;
  name: string;
  kind: 'brand' | 'competitor';
  aliases?: readonly string[];
  domains?: readonly string[];
}

export interface LibraryApi {
  listPrompts(filter?: { tag?: string }): SavedPromptView[];
  getPrompt(id: string): SavedPromptView | null;
  savePrompt(input: { id?: string; text: string; tags?: readonly string[] }): SavedPromptView;
  deletePrompt(id: string): boolean;
  listPromptSets(): PromptSetView[];
  savePromptSet(input: {
    id?: string;
    name: string;
    promptIds: readonly string[];
    tags?: readonly string[];
  }): PromptSetView;
  deletePromptSet(id: string): boolean;
  /** Every tag in use, alphabetical. */
  listTags(): string[];
  listBrands(): BrandView[];
  /**
   * Changing a brand's aliases or domains drops its cached mentions (they were found with the old
   * variants). Adding a brand or changing its name, kind, aliases or domains re-analyses the
   * whole stored history for the Visibility tables in the same transaction (ranks and share of
   * voice depend on every brand).
   */
  saveBrand(input: BrandInput): BrandView;
  /** Deletes a brand and re-analyses the stored history without it. */
  deleteBrand(id: string): boolean;
}

interface BrandRow {
  id: string;
  name: string;
  kind: 'brand' | 'competitor';
  variants_json: string;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function toBrand(row: BrandRow): BrandView {
  const variants = parseObject(row.variants_json);
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    aliases: strings(variants.aliases),
    domains: strings(variants.domains),
  };
}

export function createLibraryApi(ctx: StoreContext, visibility: VisibilityIndexer): LibraryApi {
  const { db } = ctx;
  const promptTags = pluck(
    db,
    'SELECT t.name FROM prompt_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.prompt_id = ? ORDER BY t.name',
  );
  const setTags = pluck(
    db,
    'SELECT t.name FROM prompt_set_tags st JOIN tags t ON t.id = st.tag_id WHERE st.set_id = ? ORDER BY t.name',
  );
  const setItems = pluck(db, 'SELECT prompt_id FROM prompt_set_items WHERE set_id = ? ORDER BY position');
  const selectPrompt = stmt(db, 'SELECT * FROM prompts WHERE id = ?');
  const selectSet = stmt(db, 'SELECT * FROM prompt_sets WHERE id = ?');
  const selectBrand = stmt(db, 'SELECT * FROM brands WHERE id = ?');

  function toPrompt(row: { id: string; text: string; created_at: number }): SavedPromptView {
    return {
      id: row.id,
      text: row.text,
      tags: promptTags.all(row.id) as string[],
      createdAt: row.created_at,
    };
  }
  function toSet(row: { id: string; name: string }): PromptSetView {
    return {
      id: row.id,
      name: row.name,
      promptIds: setItems.all(row.id) as string[],
      tags: setTags.all(row.id) as string[],
    };
  }

  const savePrompt = db.transaction(
    (input: { id?: string; text: string; tags?: readonly string[] }): string => {
      const now = ctx.now();
      const id = input.id ?? ctx.newId();
      stmt(
        db,
        `INSERT INTO prompts (id, text, created_at, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET text = excluded.text, updated_at = excluded.updated_at`,
      ).run(id, input.text, now, now);
      stmt(db, 'DELETE FROM prompt_tags WHERE prompt_id = ?').run(id);
      const insert = stmt(db, 'INSERT INTO prompt_tags (prompt_id, tag_id) VALUES (?, ?)');
      for (const tagId of ensureTagIds(db, input.tags ?? [])) insert.run(id, tagId);
      pruneUnusedTags(db);
      return id;
    },
  );

  const saveSet = db.transaction(
    (input: {
      id?: string;
      name: string;
      promptIds: readonly string[];
      tags?: readonly string[];
    }): string => {
      const now = ctx.now();
      const id = input.id ?? ctx.newId();
      const known = pluck(db, 'SELECT 1 FROM prompts WHERE id = ?');
      for (const promptId of input.promptIds) {
        if (!known.get(promptId))
          throw new HistoryStateError('not-found', `No saved prompt with id ${promptId}`);
      }
      stmt(
        db,
        `INSERT INTO prompt_sets (id, name, created_at, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, updated_at = excluded.updated_at`,
      ).run(id, input.name, now, now);
      stmt(db, 'DELETE FROM prompt_set_items WHERE set_id = ?').run(id);
      const item = stmt(db, 'INSERT INTO prompt_set_items (set_id, position, prompt_id) VALUES (?, ?, ?)');
      input.promptIds.forEach((promptId, i) => item.run(id, i + 1, promptId));
      stmt(db, 'DELETE FROM prompt_set_tags WHERE set_id = ?').run(id);
      const tag = stmt(db, 'INSERT INTO prompt_set_tags (set_id, tag_id) VALUES (?, ?)');
      for (const tagId of ensureTagIds(db, input.tags ?? [])) tag.run(id, tagId);
      pruneUnusedTags(db);
      return id;
    },
  );

  const saveBrand = db.transaction((input: BrandInput): string => {
    const now = ctx.now();
    const id = input.id ?? ctx.newId();
    const variants = JSON.stringify({
      aliases: [...(input.aliases ?? [])],
      domains: [...(input.domains ?? [])],
    });
    const before = selectBrand.get(id) as BrandRow | undefined;
    const clash = pluck(db, 'SELECT id FROM brands WHERE name = ? AND id <> ?').get(input.name, id);
    if (clash) throw new HistoryStateError('conflict', `A brand named ${input.name} already exists`);
    stmt(
      db,
      `INSERT INTO brands (id, name, kind, variants_json, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, kind = excluded.kind,
         variants_json = excluded.variants_json, updated_at = excluded.updated_at`,
    ).run(id, input.name, input.kind, variants, now, now);
    if (before && (before.variants_json !== variants || before.name !== input.name)) {
      stmt(db, 'DELETE FROM brand_mentions WHERE brand_id = ?').run(id);
    }
    if (
      !before ||
      before.variants_json !== variants ||
      before.name !== input.name ||
      before.kind !== input.kind
    )
      brandsChanged();
    return id;
  });

  /** Bumps the brands version (other connections recompile their matcher) and re-analyses history. */
  function brandsChanged(): void {
    stmt(
      db,
      "UPDATE meta SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT) WHERE key = 'brands_version'",
    ).run();
    visibility.reanalyseBrands();
  }

  /** A rolled-back brand change leaves the index's cached keys and matcher unusable. */
  function withReset<T>(fn: () => T): T {
    try {
      return fn();
    } catch (error) {
      visibility.reset();
      throw error;
    }
  }

  const deleteBrand = db.transaction((id: string): boolean => {
    const deleted = stmt(db, 'DELETE FROM brands WHERE id = ?').run(id).changes > 0;
    if (deleted) brandsChanged();
    return deleted;
  });

  const deleteWithTags = (sql: string) =>
    db.transaction((id: string): boolean => {
      const deleted = stmt(db, sql).run(id).changes > 0;
      pruneUnusedTags(db);
      return deleted;
    });
  const deletePrompt = deleteWithTags('DELETE FROM prompts WHERE id = ?');
  const deleteSet = deleteWithTags('DELETE FROM prompt_sets WHERE id = ?');

  return {
    listPrompts(filter = {}) {
      if (filter.tag === undefined) {
        return (
          stmt(db, 'SELECT * FROM prompts ORDER BY created_at, id').all() as Array<{
            id: string;
            text: string;
            created_at: number;
          }>
        ).map(toPrompt);
      }
      const tagId = findTagId(db, filter.tag);
      if (tagId === null) return [];
      return (
        stmt(
          db,
          `SELECT p.* FROM prompts p JOIN prompt_tags pt ON pt.prompt_id = p.id WHERE pt.tag_id = ? ORDER BY p.created_at, p.id`,
        ).all(tagId) as Array<{ id: string; text: string; created_at: number }>
      ).map(toPrompt);
    },
    getPrompt(id) {
      const row = selectPrompt.get(id) as { id: string; text: string; created_at: number } | undefined;
      return row ? toPrompt(row) : null;
    },
    savePrompt(input) {
      const id = savePrompt.immediate(input);
      return toPrompt(selectPrompt.get(id) as { id: string; text: string; created_at: number });
    },
    deletePrompt(id) {
      return deletePrompt.immediate(id);
    },
    listPromptSets() {
      return (
        stmt(db, 'SELECT * FROM prompt_sets ORDER BY name, id').all() as Array<{ id: string; name: string }>
      ).map(toSet);
    },
    savePromptSet(input) {
      const id = saveSet.immediate(input);
      return toSet(selectSet.get(id) as { id: string; name: string });
    },
    deletePromptSet(id) {
      return deleteSet.immediate(id);
    },
    listTags() {
      return pluck(db, 'SELECT name FROM tags ORDER BY name').all() as string[];
    },
    listBrands() {
      return (stmt(db, 'SELECT * FROM brands ORDER BY kind, name').all() as BrandRow[]).map(toBrand);
    },
    saveBrand(input) {
      const id = withReset(() => saveBrand.immediate(input));
      return toBrand(selectBrand.get(id) as BrandRow);
    },
    deleteBrand(id) {
      return withReset(() => deleteBrand.immediate(id));
    },
  };
}
