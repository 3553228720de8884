import { constants, type ZstdCompress, type ZstdDecompress } from 'node:zlib';

// One zstd context kept for every call of a thread, instead of node:zlib's one-shot functions,
// which build a Transform stream and a fresh zstd context for each call: on the run engine's
// answers (~5-13 KB documents) that set-up was about 80 of every 100 µs of a compression and a
// third of a decompression. node:zlib offers no public synchronous call on a kept context, so
// this drives the stream's native handle as node:zlib's own one-shot functions do
// (processChunkSync in lib/zlib.js: handle.writeSync, then the two counters of _writeState),
// minus the close. The frames are byte for byte those of zstdCompressSync at the same level
// (tests/unit/store/compress.test.ts checks it), so either reads the other's.
//
// A compressor is not reset between frames: ZSTD_e_end ends a frame and the next call starts a
// new one with the same parameters, whereas node:zlib's reset() drops the level. A decompressor
// that has given a frame's whole content (the size its header records, no checksum after it) is
// at the frame's end and starts the next frame afresh by itself; after any other frame (a
// truncated one, one with a checksum, or no size recorded) it is reset, so a truncated frame cannot leak into the next one. The reset is not
// done every time because it costs twice the decompression itself (on the bench's answer
// documents, ~1.6 KB packed, 7.3 KB read: 32 µs a document with it, 11 µs without). A zstd
// error destroys the stream (node:zlib closes it); the next call builds a new one.
//
// A frame cut short reads as node:zlib's one-shot call reads it on the same Node: Node 22 gives
// what it decoded, Node 24 (the Node inside Electron 40 and later) refuses it ("unexpected end
// of file"). A caller must take either.

/** What a synchronous call needs of the native handle behind a node:zlib zstd stream. */
interface NativeZstd {
  writeSync(
    flush: number,
    input: Uint8Array,
    inOffset: number,
    inLength: number,
    output: Buffer,
    outOffset: number,
    outLength: number,
  ): void;
  reset(): void;
}

type ZstdStream = ZstdCompress | ZstdDecompress;

interface Driven {
  stream: ZstdStream;
  native: NativeZstd;
  /** [output bytes left, input bytes left] after each writeSync. */
  state: Uint32Array;
}

/** Output is written into this much space at a time; an answer's document fits in one. */
const OUT_CHUNK = 64 * 1024;

function driveable(stream: ZstdStream): Driven | null {
  const inner = stream as unknown as { _handle?: unknown; _writeState?: unknown };
  const native = inner._handle as Partial<NativeZstd> | null | undefined;
  const state = inner._writeState;
  if (typeof native?.writeSync !== 'function' || typeof native.reset !== 'function') return null;
  if (!(state instanceof Uint32Array) || state.length !== 2) return null;
  // node:zlib reports a zstd error by destroying the stream; with no listener that would also
  // be thrown again as an uncaught 'error' event. The call reads stream.errored instead.
  stream.on('error', () => undefined);
  return { stream, native: native as NativeZstd, state };
}

/**
 * A synchronous zstd call on one context kept across calls (see above), built at the first
 * call; where this Node's zstd streams lack the internals it drives, every call goes to
 * `oneShot` (node:zlib's own function) instead.
 */
export function keptZstd(
  create: () => ZstdStream,
  oneShot: (input: Uint8Array) => Buffer,
  { resetAfterEach }: { resetAfterEach: boolean },
): (input: Uint8Array, into?: Buffer) => Buffer {
  let supported = true;
  let current: Driven | null = null;
  const out = Buffer.allocUnsafe(OUT_CHUNK);

  // `into`: space the caller owns for the output, written in place (no buffer allocated, no
  // copy) when the whole output fits with a byte to spare; the result is then a view of it.
  return (input, into) => {
    if (supported) current ??= driveable(create());
    if (current === null) {
      supported = false;
      return oneShot(input);
    }
    const driven = current;
    let ended = false;
    try {
      const result = (into && writeFrameInto(driven, input, into)) || writeFrame(driven, input, out);
      if (resetAfterEach && !endedAtItsSize(input, result.length)) driven.native.reset();
      ended = true;
      return result;
    } finally {
      // An error (or a frame left unfinished) may leave the context mid-frame: start afresh.
      if (!ended) current = null;
    }
  };
}

const ZSTD_MAGIC = [0x28, 0xb5, 0x2f, 0xfd];
const DICT_ID_BYTES = [0, 1, 2, 4];
const CONTENT_SIZE_BYTES = [0, 2, 4, 8];

/**
 * The content size a zstd frame's header records (RFC 8878, 3.1.1.1), or null where it records
 * none or the bytes do not start with a frame.
 */
export function frameContentSize(frame: Uint8Array): number | null {
  if (frame.length < 6 || ZSTD_MAGIC.some((b, i) => frame[i] !== b)) return null;
  const descriptor = frame[4] as number;
  const singleSegment = (descriptor >> 5) & 1;
  const sizeFlag = descriptor >> 6;
  const at = 5 + (singleSegment ? 0 : 1) + (DICT_ID_BYTES[descriptor & 3] as number);
  const bytes = sizeFlag === 0 ? singleSegment : (CONTENT_SIZE_BYTES[sizeFlag] as number);
  if (bytes === 0 || frame.length < at + bytes) return null;
  const view = new DataView(frame.buffer, frame.byteOffset + at, bytes);
  if (bytes === 1) return view.getUint8(0);
  if (bytes === 2) return view.getUint16(0, true) + 256;
  if (bytes === 4) return view.getUint32(0, true);
  return Number(view.getBigUint64(0, true));
}

/**
 * Whether decoding a frame that gave `produced` bytes left the decompressor at the frame's end:
 * it gave the size the header records, and no content checksum follows (a frame cut just before
 * its checksum has given all its content but would take the next frame's first bytes for it).
 */
function endedAtItsSize(frame: Uint8Array, produced: number): boolean {
  const hasChecksum = ((frame[4] ?? 0) & 0b100) !== 0;
  return !hasChecksum && frameContentSize(frame) === produced;
}

/**
 * The frame's whole output written into `into` by one call, or null when it did not fit (only
 * a call that leaves space over has given everything: the context is then reset, and the frame
 * decoded afresh into the kept buffer).
 */
function writeFrameInto({ stream, native, state }: Driven, input: Uint8Array, into: Buffer): Buffer | null {
  native.writeSync(constants.ZSTD_e_end, input, 0, input.length, into, 0, into.length);
  if (stream.errored) throw stream.errored;
  const [outLeft, inLeft] = state as unknown as [number, number];
  if (outLeft > 0 && inLeft === 0) return into.subarray(0, into.length - outLeft);
  native.reset();
  return null;
}

function writeFrame({ stream, native, state }: Driven, input: Uint8Array, out: Buffer): Buffer {
  const chunks: Buffer[] = [];
  let inOffset = 0;
  let inLeft = input.length;
  let restarted = false;
  for (;;) {
    native.writeSync(constants.ZSTD_e_end, input, inOffset, inLeft, out, 0, out.length);
    if (stream.errored) throw stream.errored;
    const [outLeft, inAfter] = state as unknown as [number, number];
    const produced = out.length - outLeft;
    if (!restarted && inOffset === 0 && produced === 0 && inAfter === inLeft && inLeft > 0) {
      // Node 24's decompressor, at the end of a frame, neither reads nor refuses bytes that do
      // not start a new one: a fresh context reports them as zstd does (or reads them).
      restarted = true;
      native.reset();
      continue;
    }
    if (produced > 0) chunks.push(Buffer.from(out.subarray(0, produced)));
    const consumed = inLeft - inAfter;
    inOffset += consumed;
    inLeft = inAfter;
    // Space left over means zstd wrote all it had; stop once the input is used up too (or a
    // call makes no progress, as on a truncated frame: node:zlib's one-shot call stops there).
    if (outLeft > 0 && (inLeft === 0 || (produced === 0 && consumed === 0))) break;
  }
  if (inLeft > 0) throw new Error(`zstd stopped with ${inLeft} bytes of its input left`);
  return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
}
