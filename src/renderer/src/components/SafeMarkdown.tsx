import { useMemo } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import type { BrandMatcher } from '../../../shared/analytics/brand-matcher';
import { rehypeBrandMarks } from '../lib/rehype-brand-marks';
import { rehypeEvidenceMarks, type EvidenceMark } from '../lib/rehype-evidence-marks';
import { ExternalLink } from './ExternalLink';

// Engine answers are untrusted. They are rendered as React elements from Markdown with raw
// HTML skipped entirely, links turned into buttons that ask main to open http(s) URLs in the
// system browser (never navigating this page), and images never loaded (alt text + URL only).
// Evidence of a brand's positioning is marked first (it needs the parser's source offsets),
// then brand mentions, inside the evidence too.

const NO_EVIDENCE: readonly EvidenceMark[] = [];

const components: Components = {
  // A table keeps its words whole and scrolls sideways in its own box when wider than the column
  // (squeezed into it, words broke mid-word); the box is focusable so the keyboard scrolls it.
  table: ({ children }) => (
    <div className="markdown-table" role="region" aria-label="Table from the answer" tabIndex={0}>
      <table>{children}</table>
    </div>
  ),
  a: ({ href, children }) => <ExternalLink href={href}>{children}</ExternalLink>,
  img: ({ src, alt }) => (
    <span className="image-placeholder" title="Images from answers are not loaded">
      [image: {alt || 'no description'}] <span className="muted">{typeof src === 'string' ? src : ''}</span>
    </span>
  ),
};

export function SafeMarkdown({
  markdown,
  matcher = null,
  evidence = NO_EVIDENCE,
}: {
  markdown: string;
  matcher?: BrandMatcher | null;
  /** Ranges of `markdown` to mark as positioning evidence. */
  evidence?: readonly EvidenceMark[];
}) {
  const rehypePlugins = useMemo(
    () => [
      [rehypeEvidenceMarks, { marks: evidence }] as [
        typeof rehypeEvidenceMarks,
        { marks: readonly EvidenceMark[] },
      ],
      [rehypeBrandMarks, { matcher }] as [typeof rehypeBrandMarks, { matcher: BrandMatcher | null }],
    ],
    [matcher, evidence],
  );
  return (
    <div className="markdown">
      <Markdown skipHtml remarkPlugins={[remarkGfm]} rehypePlugins={rehypePlugins} components={components}>
        {markdown}
      </Markdown>
    </div>
  );
}
