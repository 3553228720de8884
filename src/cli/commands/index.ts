import { registerAlertsCommands } from './alerts';
import { registerKeyCommands } from './key';
import { registerJudgeCommands } from './judge';
import { registerCompareCommand } from './compare';
import { registerCountriesCommand } from './countries';
import { registerCreditsCommand } from './credits';
import { registerDiffCommand } from './diff';
import { registerExportCommand } from './export';
import { registerHistoryCommand } from './history';
import { registerMonitorsCommands } from './monitors';
import { registerQueueCommands } from './queue';
import { registerResolveCommand } from './resolve';
import { registerRunCommand } from './run';
import { registerResumeCommand } from './resume';
import { registerSearchCommand } from './search';
import { registerShowCommand } from './show';
import { registerPageCommand } from './page';
import { registerStatesCommand } from './states';
import { registerSandboxCommand } from './sandbox';
import { registerBrandsCommands } from './brands';
import { registerDemoCommand } from './demo';
import { registerSourcesCommand } from './sources';
import { registerVisibilityCommand } from './visibility';
import { registerPositioningCommand } from './positioning';
import { registerPromptsCommands } from './prompts';
import { registerChangesCommand } from './changes';
import { registerCommerceCommands } from './commerce';
import { registerFactsCommands } from './facts';
import { registerReportCommand } from './report';
import { registerMcpCommand } from './mcp';
import { registerDbCommands } from './db';
import { registerTeamCommands } from './team';
import { registerWorkspaceCommands } from './workspace';
import { registerSyncCommands } from './sync';
import { registerProfileCommands } from './profile';
import { registerRunnerCommand } from './runner';
import { registerLogsCommands } from './logs';
import { registerBotsCommands } from './bots';
import { registerOutcomesCommands } from './outcomes';
import { registerFunnelCommands } from './funnel';
import type { RegisterCommand } from './register-command';

// Each feature adds its module here: one folder per command family, its index.ts registers it.
export const commandModules: RegisterCommand[] = [
  registerKeyCommands,
  registerSandboxCommand,
  registerRunCommand,
  registerCompareCommand,
  registerResumeCommand,
  registerDiffCommand,
  registerHistoryCommand,
  registerShowCommand,
  registerPageCommand,
  registerSearchCommand,
  registerExportCommand,
  registerCreditsCommand,
  registerQueueCommands,
  registerCountriesCommand,
  registerStatesCommand,
  registerResolveCommand,
  registerMonitorsCommands,
  registerAlertsCommands,
  registerBrandsCommands,
  registerPromptsCommands,
  registerVisibilityCommand,
  registerPositioningCommand,
  registerCommerceCommands,
  registerFactsCommands,
  registerJudgeCommands,
  registerChangesCommand,
  registerSourcesCommand,
  registerDemoCommand,
  registerReportCommand,
  registerMcpCommand,
  registerDbCommands,
  registerTeamCommands,
  registerWorkspaceCommands,
  registerSyncCommands,
  registerProfileCommands,
  registerRunnerCommand,
  registerLogsCommands,
  registerBotsCommands,
  registerOutcomesCommands,
  registerFunnelCommands,
];
