/** The policy an archived page carries itself, and the one its frame is shown under. */
export const ARCHIVED_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";
