import type { z } from 'zod';
import { alertsChannels } from './channels/alerts';
import { appChannels } from './channels/app';
import { catalogChannels } from './channels/catalog';
import { commerceChannels } from './channels/commerce';
import { funnelChannels } from './channels/funnel';
import { suggestionsChannels } from './channels/suggestions';
import { factsChannels } from './channels/facts';
import { dbExportChannels } from './channels/db-export';
import { demoChannels } from './channels/demo';
import { discoveryChannels } from './channels/discovery';
import { historyChannels } from './channels/history';
import { libraryChannels } from './channels/library';
import { profileChannels } from './channels/profile';
import { runsChannels } from './channels/runs';
import { settingsChannels } from './channels/settings';
import { storageChannels } from './channels/storage';
import { teamChannels } from './channels/team';
import { syncChannels } from './channels/sync';
import { toolsChannels } from './channels/tools';
import { reportsChannels } from './channels/reports';
import { visibilityChannels } from './channels/visibility';
import { findingsChannels } from './channels/findings';
import { positioningChannels } from './channels/positioning';
import { judgeChannels } from './channels/judge';
import type { InvokeChannelDef, IpcResult } from './define';
import { eventChannels } from './events';

// The one IPC contract. Main registers a handler for every key of `invokeChannels`
// (a missing or mistyped handler is a type error), the preload exposes exactly these
// channels on window.parallax, and the renderer can only name them.

export const invokeChannels = {
  ...appChannels,
  ...settingsChannels,
  ...storageChannels,
  ...catalogChannels,
  ...runsChannels,
  ...historyChannels,
  ...libraryChannels,
  ...toolsChannels,
  ...visibilityChannels,
  ...positioningChannels,
  ...judgeChannels,
  ...findingsChannels,
  ...commerceChannels,
  ...funnelChannels,
  ...suggestionsChannels,
  ...factsChannels,
  ...demoChannels,
  ...discoveryChannels,
  ...alertsChannels,
  ...reportsChannels,
  ...profileChannels,
  ...teamChannels,
  ...syncChannels,
  ...dbExportChannels,
} as const;

export type InvokeChannels = typeof invokeChannels;
export type InvokeChannelName = keyof InvokeChannels;

type DefOf<C extends InvokeChannelName> = InvokeChannels[C];
type InputSchemaOf<C extends InvokeChannelName> =
  DefOf<C> extends InvokeChannelDef<infer I, unknown> ? I : never;

/** What the renderer sends (before zod defaults are applied). */
export type InvokeInput<C extends InvokeChannelName> = z.input<InputSchemaOf<C>>;
/** What main's handler receives (after validation). */
export type InvokeParsedInput<C extends InvokeChannelName> = z.output<InputSchemaOf<C>>;
export type InvokeOutput<C extends InvokeChannelName> =
  DefOf<C> extends InvokeChannelDef<z.ZodType, infer O> ? O : never;

export type EventChannels = typeof eventChannels;
export type EventChannelName = keyof EventChannels;
export type EventPayload<E extends EventChannelName> = z.output<EventChannels[E]>;

export const INVOKE_CHANNEL_NAMES = Object.keys(invokeChannels) as InvokeChannelName[];
export const EVENT_CHANNEL_NAMES = Object.keys(eventChannels) as EventChannelName[];

export function isInvokeChannel(name: unknown): name is InvokeChannelName {
  return typeof name === 'string' && Object.hasOwn(invokeChannels, name);
}

export function isEventChannel(name: unknown): name is EventChannelName {
  return typeof name === 'string' && Object.hasOwn(eventChannels, name);
}

/** The API the preload puts on window.parallax (and the e2e test bridge mimics). */
export interface ParallaxApi {
  invoke<C extends InvokeChannelName>(channel: C, input: InvokeInput<C>): Promise<IpcResult<InvokeOutput<C>>>;
  on<E extends EventChannelName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}

/** Electron's IPC channel name for an invoke channel / event (namespaced to avoid clashes). */
export const ipcInvokeName = (channel: InvokeChannelName): string => `parallax:${channel}`;
export const ipcEventName = (event: EventChannelName): string => `parallax-event:${event}`;
