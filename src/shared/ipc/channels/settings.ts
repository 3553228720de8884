import { z } from 'zod';
import type { EngineName, PlanName } from '../../api/engines';
import type { EngineOptions } from '../../domain/run-spec';
import { userSettingsFields } from '../../domain/settings-fields';
import { invokeChannel } from '../define';

/** The settings the renderer may read and change (the API key is never among them). */
export interface SettingsView {
  baseUrl: string | null;
  plan: PlanName;
  defaultEngines: EngineName[];
  defaultCountries: string[];
  defaultEngineOptions: Partial<Record<EngineName, EngineOptions>>;
  sandboxMode: boolean;
  dataFolder: string;
  theme: 'system' | 'light' | 'dark';
  maxRetries: number;
  budgetCap: number | null;
  monitorsPaused: boolean;
  /** The MCP server (`parallax mcp`) may start runs: estimate first, within mcpBudgetCap. */
  mcpRunsEnabled: boolean;
  mcpBudgetCap: number | null;
  /** With a team: pull only runs of the last N days; null = everything. */
  syncWindowDays: number | null;
  /** The judge whose positioning views and exports read ('builtin' by default; added field). */
  positioningJudge?: string;
}

export const settingsPatchSchema = z.object(userSettingsFields).partial().strict();

export interface KeyStatusView {
  configured: boolean;
  /** e.g. sk_…abcd: never the key itself. */
  masked: string | null;
  backend: {
    kind: 'os-keychain' | 'electron-safe-storage' | 'environment' | 'unavailable';
    label: string;
    warning?: string;
  };
  state: 'ok' | 'missing' | 'revoked' | 'unverified';
  balance: { remaining: number; perCycle: number | null; cycleResetsAt: string | null } | null;
  plan: string | null;
  error: string | null;
}

export const settingsChannels = {
  'settings.get': invokeChannel(z.object({}).strict()).returns<SettingsView>(),
  'settings.update': invokeChannel(settingsPatchSchema).returns<SettingsView>(),
  'key.status': invokeChannel(
    z.object({ refresh: z.boolean().default(false) }).strict(),
  ).returns<KeyStatusView>(),
  /** The key goes renderer → main once, to be verified and put in the keychain; it never comes back. */
  'key.set': invokeChannel(
    z
      .object({
        key: z.string().regex(/^sk_[A-Za-z0-9]{40}$/, 'An API key is sk_ followed by 40 letters and digits'),
      })
      .strict(),
  ).returns<KeyStatusView>(),
  'key.delete': invokeChannel(z.object({}).strict()).returns<KeyStatusView>(),
};
