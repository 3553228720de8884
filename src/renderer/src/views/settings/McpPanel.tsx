import type { InvokeInput } from '../../../../shared/ipc/contract';
import type { SettingsView } from '../../../../shared/ipc/channels/settings';

// Settings → AI assistants (MCP): how to connect an assistant to `parallax mcp`, and whether
// it may start runs. Off by default; when on, every run shows its estimate first and keeps to
// the cap below (or the per-run cap), and sandbox runs are always allowed.

const SNIPPET = `{
  "mcpServers": {
    "parallax": { "command": "npx", "args": ["--prefix", "/path/to/parallax", "parallax", "mcp"] }
  }
}`;

export function McpPanel({
  settings,
  save,
}: {
  settings: SettingsView;
  save: (patch: InvokeInput<'settings.update'>) => Promise<void>;
}) {
  const capHint =
    settings.mcpBudgetCap !== null
      ? `An assistant's run may cost at most ${settings.mcpBudgetCap} credits.`
      : settings.budgetCap !== null
        ? `No cap of its own: the budget cap per run (${settings.budgetCap} credits) applies.`
        : 'No cap set: an assistant can start sandbox runs only.';
  return (
    <div className="panel">
      <h2 id="mcp-heading">AI assistants (MCP)</h2>
      <p>
        <code>parallax mcp</code> lets an AI assistant read this history (runs, answers, sources, visibility,
        citation gaps, alerts) over the Model Context Protocol. Add it to a desktop MCP client&apos;s
        configuration:
      </p>
      <pre>
        <code>{SNIPPET}</code>
      </pre>
      <label className="inline">
        <input
          type="checkbox"
          checked={settings.mcpRunsEnabled}
          onChange={(e) => void save({ mcpRunsEnabled: e.target.checked })}
        />
        Assistants may start runs (each shows its estimate first)
      </label>
      <label>
        Budget cap per assistant run (credits)
        <input
          type="number"
          min={1}
          value={settings.mcpBudgetCap ?? ''}
          disabled={!settings.mcpRunsEnabled}
          aria-describedby="mcp-cap-hint"
          onChange={(e) => void save({ mcpBudgetCap: e.target.value === '' ? null : Number(e.target.value) })}
        />
      </label>
      <p id="mcp-cap-hint" className="hint">
        {capHint} Sandbox runs cost nothing and are always allowed.
      </p>
    </div>
  );
}
