import type { Element, ElementContent, Root, RootContent } from 'hast';
import type { BrandMatcher } from '../../../shared/analytics/brand-matcher';
import { splitBrandMentions } from './brand-highlight';

// A rehype step for react-markdown: wraps brand mentions found in text nodes in
// <mark class="brand-mention …">. It only rearranges text nodes of the already-safe tree,
// so it cannot introduce markup from the answer. Code blocks are left alone.

export function rehypeBrandMarks(options: { matcher: BrandMatcher | null }) {
  return (tree: Root): void => {
    if (!options.matcher || options.matcher.brands.length === 0) return;
    visitChildren(tree, options.matcher);
  };
}

function visitChildren(parent: Root | Element, matcher: BrandMatcher): void {
  const next: Array<RootContent | ElementContent> = [];
  for (const child of parent.children) {
    if (child.type === 'text') {
      for (const piece of splitBrandMentions(child.value, matcher)) {
        if (!piece.brand) {
          next.push({ type: 'text', value: piece.text });
          continue;
        }
        next.push({
          type: 'element',
          tagName: 'mark',
          properties: { className: ['brand-mention', `brand-${piece.brand.kind}`], title: piece.brand.name },
          children: [{ type: 'text', value: piece.text }],
        });
      }
      continue;
    }
    if (child.type === 'element' && child.tagName !== 'code' && child.tagName !== 'pre')
      visitChildren(child, matcher);
    next.push(child);
  }
  parent.children = next as typeof parent.children;
}
