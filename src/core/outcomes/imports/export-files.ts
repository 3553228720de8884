import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import JSZip from 'jszip';

// The CSVs of an export as the analyst downloaded it: one CSV, or the zip Search Console (and
// Bing) give, whose CSVs are read in memory, never unpacked to disk.

export interface ExportFile {
  /** The CSV's name (inside the zip for a zip). */
  name: string;
  text: string;
}

const isZip = (bytes: Buffer): boolean => bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;

/** The CSVs of `path`; throws an Error with a one-line reason when it cannot be read. */
export async function readExportFiles(path: string): Promise<ExportFile[]> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (err) {
    throw new Error(
      `cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
      {
        cause: err,
      },
    );
  }
  if (!isZip(bytes)) return [{ name: basename(path), text: bytes.toString('utf8') }];
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch (err) {
    throw new Error(`${path} is not a readable zip (${(err as Error).message})`, { cause: err });
  }
  const csvs = Object.values(zip.files).filter((f) => !f.dir && /\.(csv|tsv)$/i.test(f.name));
  if (csvs.length === 0) throw new Error(`${path} holds no CSV file`);
  return Promise.all(csvs.map(async (f) => ({ name: basename(f.name), text: await f.async('string') })));
}
