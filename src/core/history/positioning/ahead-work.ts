import type { BrandDefinition } from '../../../shared/analytics';
import { builtinVerdict, type JudgeInput } from '../../../shared/positioning';
import { packDoc, type ResultDoc } from '../codec';
import { compactVerdict, type CompactVerdict } from './positioning-compact';

// The pure work a thread does for answers about to be stored (a re-score's slices, a pull's
// pages): the built-in judge's verdicts and the packed documents. Shared by the judge threads
// (src/core/positioning/positioning/positioning-worker.ts) and a pull's read-ahead thread (src/core/team/sync/read-ahead-thread.ts).

/** Each item judged against the brands, in the compact form; a judge failure or an unread language is that answer's "not scored". */
export function judgeCompact(
  brands: readonly BrandDefinition[],
  items: ReadonlyArray<Omit<JudgeInput, 'brands'>>,
): CompactVerdict[] {
  return items.map((item): CompactVerdict => {
    try {
      return compactVerdict(builtinVerdict({ ...item, brands }));
    } catch (error) {
      return { notScored: `judge failed: ${error instanceof Error ? error.message : String(error)}` };
    }
  });
}

/** Documents packed back to back into one buffer (which can cross to another thread without a copy). */
export function packBackToBack(docs: readonly ResultDoc[]): { bytes: Uint8Array; lengths: number[] } {
  const packed = docs.map((parts) => packDoc(parts, { verify: false }));
  const bytes = new Uint8Array(packed.reduce((n, d) => n + d.length, 0));
  let at = 0;
  for (const doc of packed) {
    bytes.set(doc, at);
    at += doc.length;
  }
  return { bytes, lengths: packed.map((d) => d.length) };
}

/** The documents of a back-to-back buffer, as views into it. */
export function unpackBackToBack({ bytes, lengths }: { bytes: Uint8Array; lengths: number[] }): Uint8Array[] {
  let at = 0;
  return lengths.map((length) => bytes.subarray(at, (at += length)));
}
