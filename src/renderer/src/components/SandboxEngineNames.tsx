import { useCatalogStore } from '../stores/catalog-store';

/** Which names the sandbox gives the engines (the profile in use's labels), once they are read. */
export function SandboxEngineNames() {
  const engines = useCatalogStore((s) => s.engines);
  if (engines === null || engines.length === 0) return null;
  const names = engines.slice(0, 5).map((e) => e.label);
  return (
    <>
      ; its engines are named {names.join(', ')}
      {engines.length > names.length ? ' …' : ''}
    </>
  );
}
