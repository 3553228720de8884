// Which search queries read as something a person would ask an answer engine: a question
// (a question word first, or a question mark), a request for a recommendation or comparison
// ("best …", "… vs …", "alternatives to …"), or a long query (six words or more). Short
// navigational queries ("acme login") are left out.

const QUESTION_START =
  /^(what|which|who|whom|whose|where|when|why|how|is|are|was|were|can|could|should|would|will|do|does|did|has|have)\b/i;
const ASKING =
  /\b(best|top|vs\.?|versus|alternatives?|compare|comparison|review|reviews|recommend\w*|cheapest|difference between)\b/i;

export function isQuestionLike(query: string): boolean {
  const text = query.trim();
  if (text.endsWith('?') || QUESTION_START.test(text) || ASKING.test(text)) return true;
  return text.split(/\s+/).length >= 6;
}
