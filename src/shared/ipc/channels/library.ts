import { z } from 'zod';
import { runSpecSchema, type RunSpec } from '../../domain/run-spec';
import { invokeChannel } from '../define';

// The analyst's saved things: prompts and prompt sets, brands and competitors, monitors.

export interface SavedPromptView {
  id: string;
  text: string;
  tags: string[];
  createdAt: number;
}

export interface PromptSetView {
  id: string;
  name: string;
  promptIds: string[];
  tags: string[];
}

export interface BrandView {
  id: string;
  name: string;
  kind: 'brand' | 'competitor';
  aliases: string[];
  domains: string[];
}

export interface MonitorView {
  id: string;
  name: string;
  spec: RunSpec;
  cadence: string;
  enabled: boolean;
  nextDueAt: number | null;
  lastRunId: string | null;
  lastRunAt: number | null;
}

export interface BrandMatrixView {
  brands: BrandView[];
  /** One column per country (or state) of the run. */
  columns: Array<{ key: string; country: string; state: string | null }>;
  cells: Array<{
    brandId: string;
    column: string;
    results: number;
    mentioned: number;
    mentionRate: number;
    /** Wilson 95 % interval of the mention rate. */
    interval: [number, number];
    avgRank: number | null;
    avgFirstOffset: number | null;
    shareOfVoice: number;
    volatile: boolean;
  }>;
}

/** What the Library's "Import CSV…" did: counts, and each row left out with its line. */
export interface PromptsCsvImportView {
  /** The file read; null when the user canceled the dialog. */
  path: string | null;
  created: number;
  updated: number;
  unchanged: number;
  errors: Array<{ line: number; message: string }>;
}

export interface PromptsCsvExportView {
  /** The file written; null when the user canceled the dialog. */
  path: string | null;
  prompts: number;
}

const id = z.string().min(1).max(64);
const tags = z.array(z.string().trim().min(1).max(50)).max(20).default([]);
const cadence = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .describe("'daily', 'weekly' or a five-field cron expression");

export const libraryChannels = {
  'prompts.list': invokeChannel(z.object({ tag: z.string().optional() }).strict()).returns<
    SavedPromptView[]
  >(),
  'prompts.save': invokeChannel(
    z.object({ id: id.optional(), text: z.string().trim().min(1).max(10_000), tags }).strict(),
  ).returns<SavedPromptView>(),
  'prompts.delete': invokeChannel(z.object({ id }).strict()).returns<{ deleted: boolean }>(),
  /** Asks for a CSV file (prompt, topic columns) and adds its prompts with their topics. */
  'prompts.importCsv': invokeChannel(
    z.object({ replaceTopics: z.boolean().default(false) }).strict(),
  ).returns<PromptsCsvImportView>(),
  /** Asks where to save, then writes the library's prompts and topics as CSV (one topic: its prompts). */
  'prompts.exportCsv': invokeChannel(
    z.object({ topic: z.string().trim().min(1).max(50).optional() }).strict(),
  ).returns<PromptsCsvExportView>(),
  'promptSets.list': invokeChannel(z.object({}).strict()).returns<PromptSetView[]>(),
  'promptSets.save': invokeChannel(
    z
      .object({
        id: id.optional(),
        name: z.string().trim().min(1).max(200),
        promptIds: z.array(id).max(5000),
        tags,
      })
      .strict(),
  ).returns<PromptSetView>(),
  'promptSets.delete': invokeChannel(z.object({ id }).strict()).returns<{ deleted: boolean }>(),
  'brands.list': invokeChannel(z.object({}).strict()).returns<BrandView[]>(),
  'brands.save': invokeChannel(
    z
      .object({
        id: id.optional(),
        name: z.string().trim().min(1).max(100),
        kind: z.enum(['brand', 'competitor']),
        aliases: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
        domains: z.array(z.string().trim().min(3).max(253)).max(50).default([]),
      })
      .strict(),
  ).returns<BrandView>(),
  'brands.delete': invokeChannel(z.object({ id }).strict()).returns<{ deleted: boolean }>(),
  'brands.matrix': invokeChannel(z.object({ runId: id }).strict()).returns<BrandMatrixView>(),
  'monitors.list': invokeChannel(z.object({}).strict()).returns<MonitorView[]>(),
  'monitors.save': invokeChannel(
    z
      .object({
        id: id.optional(),
        name: z.string().trim().min(1).max(200),
        spec: runSpecSchema,
        cadence,
        enabled: z.boolean().default(true),
      })
      .strict(),
  ).returns<MonitorView>(),
  'monitors.delete': invokeChannel(z.object({ id }).strict()).returns<{ deleted: boolean }>(),
  'monitors.runNow': invokeChannel(z.object({ id }).strict()).returns<{ runId: string }>(),
};
