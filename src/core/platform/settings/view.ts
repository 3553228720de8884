import type { SettingsView } from '../../../shared/ipc/channels/settings';
import type { Settings } from './schema';

/** What the renderer sees of the settings: the data folder resolved, internal caches left out. */
export function toSettingsView(settings: Settings, defaultDataFolder: string): SettingsView {
  return {
    baseUrl: settings.baseUrl,
    plan: settings.plan,
    defaultEngines: settings.defaultEngines,
    defaultCountries: settings.defaultCountries,
    defaultEngineOptions: settings.defaultEngineOptions,
    sandboxMode: settings.sandboxMode,
    dataFolder: settings.dataFolder ?? defaultDataFolder,
    theme: settings.theme,
    maxRetries: settings.maxRetries,
    budgetCap: settings.budgetCap,
    monitorsPaused: settings.monitorsPaused,
    mcpRunsEnabled: settings.mcpRunsEnabled,
    mcpBudgetCap: settings.mcpBudgetCap,
    syncWindowDays: settings.syncWindowDays,
    positioningJudge: settings.positioningJudge,
  };
}
