import type { CommerceService } from '../../../shared/commerce';
import type { FunnelService, OutcomesService } from '../../outcomes';
import type { FactsService } from '../../analysis';
import type { AfterRunPipeline, WebhookDeliverer } from '../../alerts';
import type { IpcHandlers } from '../ipc/router';
import type { EventBus, KeyService, SettingsStore } from '../../platform';
import type { ExportWorkerScript, HistoryStore } from '../../history';
import type { ConnectionManager, RunService, MonitorScheduler } from '../../runs';
import type { DiscoveryService, FindingsService, VisibilityService } from '../../analysis';
import type {
  FactsCheckDriver,
  PositioningService,
  RescoreDriver,
  JudgeService,
  RescoreControl,
} from '../../positioning';
import type { TeamService, WorkspaceOps, BackgroundSync } from '../../team';

/** What the handler modules share: the core's services. */
export interface HandlerContext {
  app: { name: string; version: string; platform: string; userDataPath: string };
  store: HistoryStore;
  /** Brand visibility over stored history (roll-ups kept at ingest). */
  visibility: VisibilityService;
  /** How the engines present each brand (positioning roll-ups kept at ingest), for the active judge. */
  positioning: PositioningService;
  /** What changed against the previous period, counting the active judge's positioning. */
  findings: FindingsService;
  /** Names the answers put forward that no tracked brand covers. */
  discovery: DiscoveryService;
  /** Shopping shelves, prices, merchants and ads of the answers (commerce roll-ups kept at ingest). */
  commerce: CommerceService;
  /** Brand facts: sheets and figures, built at its first use. */
  facts: () => Promise<FactsService>;
  /** Crawled → cited → referred → converted, built at its first use. */
  funnel: () => Promise<FunnelService>;
  /** First-party outcomes and the prompts worth tracking, built at its first use. */
  outcomes: () => Promise<OutcomesService>;
  /** The built-in judge's re-score of the archive, in the background. */
  rescore: RescoreDriver;
  /** The app's re-score with either judge: estimate, start, cancel, resume, discard. */
  rescoreControl: RescoreControl;
  /** The Facts panel's check with the analyst's model judge, in the background. */
  factsCheck: FactsCheckDriver;
  settings: SettingsStore;
  keys: KeyService;
  connections: ConnectionManager;
  runs: RunService;
  monitors: MonitorScheduler;
  events: EventBus;
  now: () => number;
  fetch: typeof fetch;
  openExternal: (url: string) => Promise<void>;
  /** The files saved through chooseSavePath in this session: the only ones app.showInFolder shows. */
  savedFiles: ReadonlySet<string>;
  /** Asks where to save a file (a save dialog in the app); null when the user cancels. */
  chooseSavePath: (request: SaveRequest) => Promise<string | null>;
  /** Asks for a folder (a folder dialog in the app); null when the user cancels. */
  chooseFolder: (request: FolderRequest) => Promise<string | null>;
  /** Asks for a file to read (an open dialog in the app); null when the user cancels. */
  chooseOpenFile: (request: OpenRequest) => Promise<string | null>;
  /** Prints a report's HTML to PDF (the shell's hidden window); absent: PDF is refused, saying why. */
  printPdf?: (html: string) => Promise<Buffer>;
  /** Change alerts after monitor runs, and the webhook outbox's deliverer. */
  alerts: AfterRunPipeline;
  webhooks: WebhookDeliverer;
  /** The team server's connection (Settings → Team). */
  team: TeamService;
  /** Sync with the team server in the background (start, after runs, a timer, on request). */
  sync: BackgroundSync;
  /** The model judge's settings and key (Settings → Positioning judge). */
  judge: JudgeService;
  /** The client workspaces, local and on the team server. */
  workspaces: WorkspaceOps;
  /** Reopens the app on another workspace's history (the workspace host's). */
  switchWorkspace: (dbPath: string) => Promise<void>;
  /** Where JSON exports build their lines (worker threads); in-process without it. */
  exportJsonWorker?: ExportWorkerScript;
  /** Shows a file or folder in the system's file manager (the app's shell); absent elsewhere. */
  showInFolder?: (path: string) => void;
  /** Where an analysis export reads the answers (a second thread); in-process without it. */
  dbExportWorker?: ExportWorkerScript;
}

export interface FolderRequest {
  title: string;
  defaultPath?: string;
}

export interface OpenRequest {
  title: string;
  extensions: string[];
}

export interface SaveRequest {
  title: string;
  defaultName: string;
  extensions: string[];
}

/** A handler module implements some channels of the contract. */
export type HandlerModule<K extends keyof IpcHandlers> = (ctx: HandlerContext) => Pick<IpcHandlers, K>;
