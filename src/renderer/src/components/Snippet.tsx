import { splitSnippet } from '../lib/snippet';

/** A search snippet with its matches in <mark>; every part is a text node. */
export function Snippet({ snippet }: { snippet: string }) {
  return (
    <span className="snippet">
      {splitSnippet(snippet).map((part, i) =>
        part.match ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>,
      )}
    </span>
  );
}
