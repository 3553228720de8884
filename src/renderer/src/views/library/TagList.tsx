/** A prompt's or set's tags as small chips (or a dash when there are none). */
export function TagList({ tags }: { tags: string[] }) {
  if (tags.length === 0) return <span className="muted">—</span>;
  return (
    <ul className="tag-list" aria-label="Tags">
      {tags.map((t) => (
        <li key={t} className="tag">
          {t}
        </li>
      ))}
    </ul>
  );
}
