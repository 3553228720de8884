// Schema version 26: answers the built-in judge does not read (a language it has no lists for)
// are "not judged", with a note on their pos_answer row, and every positioning number says how
// many there were in its scope. This index holds only the answers with a note (those and the
// rare judge failures), so the count reads them alone rather than every answer of the period.
// Stored positionings are re-judged by the built-in judge's new version, which writes the notes.
// IF NOT EXISTS: the upgrade tests take a later file back to an earlier version and run it again.
export const sql = `
CREATE INDEX IF NOT EXISTS pos_answer_noted ON pos_answer (judge, seq) WHERE note IS NOT NULL;
`;
