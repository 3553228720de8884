import type { Element, ElementContent, Root, RootContent, Text } from 'hast';

// A rehype step for react-markdown: wraps the evidence of each brand's positioning (character
// ranges of the Markdown the judge read) in <mark class="evidence …">. The parser keeps each
// text node's place in the source (position.start/end.offset, UTF-16 like the judge's offsets),
// so a range is cut out of the text nodes it spans, across bold, links and list items. Like
// rehype-brand-marks it only splits text nodes of the already-safe tree and adds elements whose
// every property is ours: the answer's text stays text, nothing from it becomes markup.

export interface EvidenceMark {
  /** UTF-16 offsets into the Markdown (or plain text) rendered. */
  start: number;
  end: number;
  /**
   * Names the range's first piece (its data-evidence attribute, a space-separated list when
   * several ranges start there): the target of the badge's "show evidence", unique in the answer.
   */
  id: string;
  /** Read before the range by screen readers and shown as its tooltip: "Veloxa: top pick, positive tone". */
  label: string;
  /** Styles the mark (the brand's status). */
  tone: string;
}

export function rehypeEvidenceMarks(options: { marks: readonly EvidenceMark[] }) {
  return (tree: Root): void => {
    const marks = options.marks.filter((m) => m.end > m.start);
    if (marks.length === 0) return;
    visit(tree, marks, new Set());
  };
}

function visit(parent: Root | Element, marks: readonly EvidenceMark[], started: Set<EvidenceMark>): void {
  const next: Array<RootContent | ElementContent> = [];
  for (const child of parent.children) {
    if (child.type === 'text') next.push(...splitText(child, marks, started));
    else {
      if (child.type === 'element') visit(child, marks, started);
      next.push(child);
    }
  }
  parent.children = next as typeof parent.children;
}

/** The text node cut at the ranges' edges, the pieces inside some range wrapped in a mark. */
function splitText(node: Text, marks: readonly EvidenceMark[], started: Set<EvidenceMark>): ElementContent[] {
  const from = node.position?.start.offset;
  const to = node.position?.end.offset;
  if (from === undefined || to === undefined) return [node];
  const overlapping = marks.filter((m) => m.start < to && m.end > from);
  if (overlapping.length === 0) return [node];
  // An escape or entity makes the node's text shorter than its source ("\*", "&amp;"): no
  // offset inside it can be trusted, so the node is marked whole.
  if (node.value.length !== to - from) return [markOf(node.value, overlapping, started)];
  const cuts = new Set([from, to]);
  for (const m of overlapping) {
    if (m.start > from) cuts.add(m.start);
    if (m.end < to) cuts.add(m.end);
  }
  const edges = [...cuts].sort((a, b) => a - b);
  const out: ElementContent[] = [];
  for (let i = 0; i + 1 < edges.length; i++) {
    const a = edges[i] as number;
    const b = edges[i + 1] as number;
    const text = node.value.slice(a - from, b - from);
    const covering = overlapping.filter((m) => m.start <= a && m.end >= b);
    out.push(covering.length === 0 ? { type: 'text', value: text } : markOf(text, covering, started));
  }
  return out;
}

function markOf(text: string, covering: readonly EvidenceMark[], started: Set<EvidenceMark>): Element {
  const opening = covering.filter((m) => !started.has(m));
  for (const m of opening) started.add(m);
  const children: ElementContent[] = [];
  // Where a range starts, screen readers hear whose evidence it is (a mark's name is not read).
  if (opening.length > 0)
    children.push({
      type: 'element',
      tagName: 'span',
      properties: { className: ['visually-hidden'] },
      children: [{ type: 'text', value: `Evidence for ${opening.map((m) => m.label).join('; ')}: ` }],
    });
  children.push({ type: 'text', value: text });
  return {
    type: 'element',
    tagName: 'mark',
    properties: {
      className: ['evidence', ...new Set(covering.map((m) => `evidence-${m.tone}`))],
      title: covering.map((m) => m.label).join('; '),
      ...(opening.length > 0 ? { dataEvidence: opening.map((m) => m.id).join(' '), tabIndex: -1 } : {}),
    },
    children,
  };
}
