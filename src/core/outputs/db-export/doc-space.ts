import { docPartBytes, frameContentSize } from '../../history';

// Where the Parquet writer decompresses the answers' documents: one buffer reused chunk after
// chunk. DuckDB copies a value into its own vector when it is given (the chunk's flush), so a
// chunk's texts are only read until then: each document is decompressed at that moment into
// the space after the last one, and the next chunk starts over at its beginning. No buffer is
// allocated or copied per document, and the texts waiting for DuckDB are one chunk's (2,048
// answers, ~15 MB on the bench history), not a garbage heap of decompressed documents that the
// collector frees late (their ArrayBuffers were up to 84 MB of the 1M export's peak).

/** The space a chunk's documents start in (taken at the first document); it doubles when a chunk needs more. */
const INITIAL_BYTES = 4 * 1024 * 1024;

export interface DocSpace {
  /** The document's parts as views of the space (valid until reuse()), or of a buffer of their own. */
  unpack(packed: Buffer): Array<Buffer | null>;
  /** Starts over at the beginning: the views given before are no longer read. */
  reuse(): void;
}

export function docSpace(initialBytes = INITIAL_BYTES): DocSpace {
  let space = Buffer.allocUnsafe(0);
  let at = 0;
  return {
    unpack(packed) {
      // Our frames record their size; one that does not is decompressed on its own.
      const size = frameContentSize(packed);
      if (size === null) return docPartBytes(packed);
      // A byte to spare: zstd has given everything only when it leaves space over.
      if (space.length - at <= size) {
        // The views given so far keep the old buffer alive until the chunk is flushed.
        space = Buffer.allocUnsafe(Math.max(space.length * 2, initialBytes, size + 1));
        at = 0;
      }
      const parts = docPartBytes(packed, space.subarray(at));
      at += size;
      return parts;
    },
    reuse() {
      at = 0;
    },
  };
}
