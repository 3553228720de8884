// How answers are kept compact on disk: zstd with kept contexts, the packed answer document, the
// dictionary of distinct source, entity and product texts, packed source lists, and the SQL
// functions (zstd_text, doc_text) every connection registers to read them.

export { frameContentSize, keptZstd } from './zstd-context';
export { compressBytes, compressText, decompressBytes, decompressText } from './compress';
export {
  docPartBytes,
  excerptSql,
  HEAD_CHARS,
  headOf,
  keptDocPart,
  packDoc,
  rememberDoc,
  type ResultDoc,
  unpackDoc,
  wellFormed,
} from './result-doc';
export {
  createTextDictionary,
  ENTITY_TEXTS,
  PRODUCT_TEXTS,
  removeUnusedTexts,
  SOURCE_TEXTS,
  type TextDictionary,
  type DerivedOf,
  type TextDictionarySizes,
  type TextValue,
} from './text-dictionary';
export {
  createCoveringFilter,
  createLookupFilter,
  type CoveringFilter,
  type LookupFilter,
} from './text-filter';
export { sourceCountSql } from './list-sql';
export {
  docAhead,
  offerDoc,
  offerDocHoldingRaw,
  RAW_IN_DOC,
  resultDocParts,
  type PackedAhead,
} from './doc-ahead';
export { markdownSqlFor, registerStoreFunctions } from './sql-functions';
export { SEARCH_INDEX_CHARS, searchHead, searchTextSql } from './search-head';
