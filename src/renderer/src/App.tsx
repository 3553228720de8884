import { useEffect } from 'react';
import { useAppStore } from './stores/app-store';

export function App() {
  const { info, error, load } = useAppStore();
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div className="shell">
      <header className="topbar">
        <span className="brand">Parallax</span>
        {info?.sandboxMode && (
          <span className="badge badge-synthetic" title="Answers come from the built-in sandbox, not real engines">
            Sandbox · synthetic data
          </span>
        )}
      </header>
      <main className="content" aria-busy={!info && !error}>
        {error && (
          <p role="alert" className="error">
            Could not reach the app core: {error}
          </p>
        )}
        {!info && !error && <p className="muted">Loading…</p>}
        {info && (
          <section className="panel">
            <h1>Parallax {info.version}</h1>
            <p className="muted">
              {info.platform} · data in {info.dataPath}
            </p>
          </section>
        )}
      </main>
    </div>
  );
}
