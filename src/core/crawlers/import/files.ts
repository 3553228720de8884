import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { LogReader } from './duckdb';
import { sqlText } from './duckdb';

// The files an import names: files as given, folders walked (their log files: .log, .jsonl,
// .json, .csv, .txt, rotated .1 … and any of those .gz or .zst), globs expanded by DuckDB's own
// glob(), the same way its readers would.

const LOG_NAME = /\.(log|jsonl|ndjson|json|csv|txt|tsv|\d+)(\.(gz|zst))?$|\.(gz|zst)$/iu;
const GLOB = /[*?[]/u;

function walk(folder: string, out: string[]): void {
  for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else if (entry.isFile() && LOG_NAME.test(entry.name)) out.push(path);
  }
}

export interface ExpandedPaths {
  files: string[];
  /** Paths that named nothing, with why. */
  missing: string[];
}

export async function expandLogPaths(reader: LogReader, paths: readonly string[]): Promise<ExpandedPaths> {
  const files: string[] = [];
  const missing: string[] = [];
  for (const given of paths) {
    if (GLOB.test(given)) {
      const found = (
        await reader.rows(`SELECT file FROM glob(${sqlText(resolve(given))}) ORDER BY file`)
      ).map((r) => String(r[0]));
      if (found.length === 0) missing.push(`${given}: no file matches`);
      files.push(...found);
      continue;
    }
    const path = resolve(given);
    let isFolder: boolean;
    try {
      isFolder = statSync(path).isDirectory();
    } catch {
      missing.push(`${given}: no such file or folder`);
      continue;
    }
    if (isFolder) walk(path, files);
    else files.push(path);
  }
  return { files: [...new Set(files)], missing };
}
