// Full-text search over the answers: the query language, prefix expansion, pages of hits with
// snippets and facets.

export { createSearchApi, type SearchApi, type SearchHit, type SearchOptions } from './search';
export { expandPrefixes, mergesPrefix, toFtsQuery } from './fts-query';
export { createIndexedWords } from './search-words';
export { facetsOf } from './search-facets';
export { linearSnippet, snippetTerms, SNIPPET_MATCHES_MAX, type SnippetTerm } from './search-snippet';
