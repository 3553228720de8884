import Papa from 'papaparse';

// The prompt library as CSV, with topics: a `prompt` column and a `topic` column (also read as
// `topics` or `tags`), several topics in one cell separated by ";". Read by `parallax prompts
// import` and the library's import in the app, written by `parallax prompts export`. A bad row
// is reported with its line and left out; the other rows still count.

/** Topic names: as the library's tags (trimmed, 1–50 characters, at most 20 a prompt). */
export const MAX_TOPIC_CHARS = 50;
export const MAX_TOPICS = 20;
const MAX_PROMPT_CHARS = 10_000;

export interface PromptTopicsRow {
  /** Line in the file (the header is line 1). */
  line: number;
  text: string;
  topics: string[];
}

export interface PromptTopicsCsv {
  rows: PromptTopicsRow[];
  /** Per line: what is wrong with it (the row is left out). */
  errors: Array<{ line: number; message: string }>;
  /** The whole file cannot be read (no prompt column): nothing is imported. */
  fatal: string | null;
}

const TOPIC_COLUMNS = ['topic', 'topics', 'tags', 'tag'];

/** "a; b;;c " → ['a', 'b', 'c'] (first spelling kept among names differing only in case). */
export function splitTopics(cell: string): string[] {
  const seen = new Map<string, string>();
  for (const t of cell.split(';').map((s) => s.trim()))
    if (t !== '' && !seen.has(t.toLowerCase())) seen.set(t.toLowerCase(), t);
  return [...seen.values()];
}

/** Why a prompt's topics cannot be saved, or null when they can. */
export function topicsProblem(topics: readonly string[]): string | null {
  const long = topics.find((t) => t.length > MAX_TOPIC_CHARS);
  if (long !== undefined) return `topic "${long.slice(0, 20)}…" is longer than ${MAX_TOPIC_CHARS} characters`;
  if (topics.length > MAX_TOPICS) return `${topics.length} topics: at most ${MAX_TOPICS} a prompt`;
  return null;
}

function rowOf(cells: Record<string, string>, prompt: string, topic: string | undefined, line: number) {
  const text = (cells[prompt] ?? '').trim();
  if (text === '') return { error: 'the prompt is empty' };
  if (text.length > MAX_PROMPT_CHARS)
    return { error: `the prompt is longer than ${MAX_PROMPT_CHARS} characters` };
  const topics = topic === undefined ? [] : splitTopics(cells[topic] ?? '');
  const problem = topicsProblem(topics);
  return problem === null ? { row: { line, text, topics } } : { error: problem };
}

export function parsePromptTopicsCsv(text: string): PromptTopicsCsv {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
  });
  const fields = parsed.meta.fields ?? [];
  const find = (names: readonly string[]) => fields.find((f) => names.includes(f.trim().toLowerCase()));
  const prompt = find(['prompt', 'prompts', 'text']);
  if (prompt === undefined)
    return {
      rows: [],
      errors: [],
      fatal: `no "prompt" column (columns found: ${fields.map((f) => `"${f}"`).join(', ') || 'none'})`,
    };
  const topic = find(TOPIC_COLUMNS);
  const out: PromptTopicsCsv = { rows: [], errors: [], fatal: null };
  const broken = new Map(
    parsed.errors.filter((e) => e.type !== 'FieldMismatch').map((e) => [e.row ?? -1, e.message]),
  );
  parsed.data.forEach((cells, i) => {
    const line = i + 2;
    const bad = broken.get(i);
    const r = bad !== undefined ? { error: bad } : rowOf(cells, prompt, topic, line);
    if ('row' in r && r.row) out.rows.push(r.row);
    else out.errors.push({ line, message: r.error ?? 'unreadable row' });
  });
  return out;
}

/** The library as CSV: prompt, topic (several joined with "; "). */
export function promptTopicsToCsv(prompts: ReadonlyArray<{ text: string; tags: readonly string[] }>): string {
  return Papa.unparse({
    fields: ['prompt', 'topic'],
    data: prompts.map((p) => [p.text, p.tags.join('; ')]),
  });
}
