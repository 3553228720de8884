// Which brands the Over time charts draw: each brand a toggle in its colour, the focus brand's
// closest competitors on at first, and one button for all of them or back to the closest.

export interface PickableBrand {
  id: string;
  name: string;
  color: string;
  focus: boolean;
}

export function BrandPicker({
  brands,
  shown,
  closest,
  onChange,
}: {
  brands: PickableBrand[];
  shown: readonly string[];
  /** The default choice (the focus brand and its closest competitors). */
  closest: readonly string[];
  onChange(shown: string[]): void;
}) {
  const all = shown.length === brands.length;
  const toggle = (id: string): void =>
    onChange(shown.includes(id) ? shown.filter((s) => s !== id) : [...shown, id]);
  return (
    <div className="row tight over-time-brands" role="group" aria-label="Brands in the charts">
      <span className="muted small">Brands:</span>
      {brands.map((b) => (
        <button
          key={b.id}
          type="button"
          className="small brand-toggle"
          aria-pressed={shown.includes(b.id)}
          onClick={() => toggle(b.id)}
        >
          <span className="pos-swatch" style={{ background: b.color }} aria-hidden="true" />
          {b.name}
          {b.focus && <span className="muted"> (focus)</span>}
        </button>
      ))}
      <button
        type="button"
        className="small link-button"
        onClick={() => onChange(all ? [...closest] : brands.map((b) => b.id))}
      >
        {all ? 'Closest competitors only' : `Show all ${brands.length}`}
      </button>
    </div>
  );
}
