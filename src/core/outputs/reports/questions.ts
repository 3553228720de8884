import type { QuestionGroup, ReportQuestion } from './types';

// The report's tracked questions under their topics: one group per topic in the order the
// monitor first asks it, the questions without a topic last (all of them, in one group, while
// prompts carry no topic). The same question asked twice is listed once.

export function questionGroups(questions: readonly ReportQuestion[]): QuestionGroup[] {
  const groups = new Map<string | null, string[]>();
  for (const q of questions) {
    const key = q.topic === null || q.topic.trim() === '' ? null : q.topic.trim();
    const list = groups.get(key) ?? [];
    if (!list.includes(q.text)) list.push(q.text);
    groups.set(key, list);
  }
  const topics = [...groups.keys()].filter((k): k is string => k !== null);
  const untagged = groups.get(null);
  return [
    ...topics.map((topic) => ({ topic, questions: groups.get(topic) ?? [] })),
    ...(untagged ? [{ topic: null, questions: untagged }] : []),
  ];
}
