// A stored result's row as the readers select it, shared by the reader of one result, the batch
// reader and the assembly of a row into a result.

/** A result's row as RESULT_SELECT reads it. */
export interface ResultRow {
  seq: number;
  id: string;
  job_id: string;
  fetched_at: number;
  model: string | null;
  shape: 'legacy' | 'mobile-web' | null;
  old_search_queries: string | null;
  html_urls_json: string;
  related_searches_json: string;
  /** The packed document (result-doc.ts); NULL on a row from before version 10 not moved yet. */
  doc: Uint8Array | null;
  /** Such a row's text, Markdown and raw JSON (NULL when doc is set). */
  old_text: string | null;
  old_markdown: string | null;
  raw_zstd: Uint8Array | null;
  run_id: string;
  prompt: string;
  engine: string;
  country: string;
  us_state: string | null;
  repeat: number;
  sandbox: number;
}

// A row moved to doc is unpacked once in JavaScript; only an older row reads its texts
// through the generated columns (CASE evaluates just the branch taken).
export const RESULT_SELECT = `SELECT r.seq, r.id, r.job_id, r.fetched_at, r.model, r.shape,
      CASE WHEN r.doc IS NULL THEN r.search_queries_plain END AS old_search_queries,
      r.html_urls_json, r.related_searches_json, r.doc,
      CASE WHEN r.doc IS NULL THEN r.answer_text END AS old_text,
      CASE WHEN r.doc IS NULL THEN r.markdown_text END AS old_markdown,
      w.raw_zstd, j.run_id, p.text AS prompt, j.engine, j.country, j.us_state, j.repeat, ru.sandbox
    FROM results r LEFT JOIN result_docs w ON w.result_seq = r.seq JOIN jobs j ON j.id = r.job_id
    JOIN run_prompts p ON p.run_id = j.run_id AND p.idx = j.prompt_index JOIN runs ru ON ru.id = j.run_id`;
