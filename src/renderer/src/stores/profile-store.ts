import { create } from 'zustand';
import { ENGINE_NAMES, type EngineName } from '../../../shared/api/engines';
import type { ProfileChoice, ProfileView } from '../../../shared/ipc/channels/profile';
import {
  parseServiceProfile,
  type EngineProfile,
  type ProfileFieldError,
  type ServiceProfile,
} from '../../../shared/profile';
import { call } from '../ipc/client';
import { useCatalogStore } from './catalog-store';
import { toShownError, type ShownError } from '../lib/errors';
import { fileName } from '../lib/saved-file';

// Settings → Service profile: the form's draft (every input as typed), its per-field errors
// (the shared zod schema, checked as the user types, and main's answer on save) and the
// import/export through main's dialogs.

export type EngineField = keyof EngineProfile;

/** The form's inputs as text; turned into a profile candidate for validation. */
export interface ProfileDraft {
  name: string;
  redirectPath: string;
  engines: Record<EngineName, Record<EngineField, string>>;
}

interface ProfileState {
  saved: ProfileView | null;
  draft: ProfileDraft | null;
  /** By dotted field path (engines.search.taskType), from the schema or from main. */
  errors: Record<string, string>;
  /** What happened last (saved, imported from …, exported to …). */
  notice: string | null;
  failure: ShownError | null;
  busy: boolean;
  load(): Promise<void>;
  setName(value: string): void;
  setRedirectPath(value: string): void;
  setEngineField(engine: EngineName, field: EngineField, value: string): void;
  save(): Promise<void>;
  reset(): Promise<void>;
  /** The picker: a built-in profile by name, or the one saved in Settings. */
  choose(choice: ProfileChoice): Promise<void>;
  importFile(): Promise<void>;
  exportFile(): Promise<void>;
}

export function toDraft(profile: ServiceProfile): ProfileDraft {
  const engines = Object.fromEntries(
    ENGINE_NAMES.map((name) => {
      const e = profile.engines[name];
      return [
        name,
        {
          path: e.path,
          taskType: e.taskType,
          countriesModel: e.countriesModel ?? '',
          label: e.label,
          baseCost: String(e.baseCost),
          availability: e.availability,
        },
      ];
    }),
  ) as ProfileDraft['engines'];
  return { name: profile.name, redirectPath: profile.redirectPath, engines };
}

/** The draft as the schema reads it: an empty countries model is none, a cost a number when it is one. */
function candidateOf(draft: ProfileDraft): unknown {
  const engines = Object.fromEntries(
    ENGINE_NAMES.map((name) => {
      const e = draft.engines[name];
      const cost = e.baseCost.trim();
      return [
        name,
        {
          ...e,
          countriesModel: e.countriesModel.trim() === '' ? null : e.countriesModel.trim(),
          baseCost: /^-?\d+(\.\d+)?$/.test(cost) ? Number(cost) : cost,
        },
      ];
    }),
  );
  return { name: draft.name, redirectPath: draft.redirectPath, engines };
}

function errorMap(errors: readonly ProfileFieldError[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) out[e.field] ??= e.message;
  return out;
}

/** The draft checked with the shared schema: the profile, or the errors by field. */
export function checkDraft(
  draft: ProfileDraft,
): { profile: ServiceProfile; errors: null } | { profile: null; errors: Record<string, string> } {
  const parsed = parseServiceProfile(candidateOf(draft));
  return parsed.ok
    ? { profile: parsed.profile, errors: null }
    : { profile: null, errors: errorMap(parsed.errors) };
}

export const useProfileStore = create<ProfileState>((set, get) => {
  const edit = (draft: ProfileDraft): void => {
    set({ draft, errors: checkDraft(draft).errors ?? {}, notice: null });
  };
  const adopt = (view: ProfileView, notice: string | null): void => {
    set({ saved: view, draft: toDraft(view.profile), errors: {}, notice, failure: null, busy: false });
  };
  const guarded = async (work: () => Promise<void>): Promise<void> => {
    set({ busy: true, failure: null });
    try {
      await work();
    } catch (error) {
      const shown = toShownError(error);
      // Main names fields as profile.engines.…; the form keys them without the prefix.
      const fromMain = errorMap(
        shown.fields.map((f) => ({ ...f, field: f.field.replace(/^profile\.?/, '') })),
      );
      set({ failure: shown, errors: { ...get().errors, ...fromMain }, busy: false });
    }
  };
  return {
    saved: null,
    draft: null,
    errors: {},
    notice: null,
    failure: null,
    busy: false,
    async load() {
      await guarded(async () => adopt(await call('profile.get', {}), null));
    },
    setName(value) {
      const draft = get().draft;
      if (draft) edit({ ...draft, name: value });
    },
    setRedirectPath(value) {
      const draft = get().draft;
      if (draft) edit({ ...draft, redirectPath: value });
    },
    setEngineField(engine, field, value) {
      const draft = get().draft;
      if (!draft) return;
      edit({
        ...draft,
        engines: { ...draft.engines, [engine]: { ...draft.engines[engine], [field]: value } },
      });
    },
    async save() {
      const draft = get().draft;
      if (!draft) return;
      const checked = checkDraft(draft);
      if (checked.profile === null) {
        set({ errors: checked.errors, notice: null });
        return;
      }
      const profile = checked.profile;
      await guarded(async () => adopt(await call('profile.save', { profile }), `Saved “${profile.name}”.`));
      // The engine labels and availability the Compose picker shows come from the profile.
      if (get().failure === null) void useCatalogStore.getState().load();
    },
    async reset() {
      await guarded(async () => adopt(await call('profile.reset', {}), 'Back to the spec’s neutral names.'));
      if (get().failure === null) void useCatalogStore.getState().load();
    },
    async choose(choice) {
      await guarded(async () => {
        const view = await call('profile.choose', { choice });
        adopt(view, `In use: “${view.profile.name}”.`);
      });
      if (get().failure === null) void useCatalogStore.getState().load();
    },
    async importFile() {
      await guarded(async () => {
        const imported = await call('profile.import', {});
        if (imported.path === null) return set({ busy: false });
        if (imported.profile === null) {
          // The file's errors are listed with the file; the form keeps its own draft.
          return set({
            busy: false,
            notice: null,
            failure: {
              code: 'INVALID_PROFILE',
              message: `${imported.path} is not a valid service profile`,
              fields: imported.errors.map((e) => ({ field: e.field || '(file)', message: e.message })),
              requestId: null,
            },
          });
        }
        set({
          draft: toDraft(imported.profile),
          errors: {},
          busy: false,
          notice: `Imported “${imported.profile.name}” from ${imported.path}: review it, then Save.`,
        });
      });
    },
    async exportFile() {
      const draft = get().draft;
      if (!draft) return;
      const checked = checkDraft(draft);
      if (checked.profile === null) return set({ errors: checked.errors, notice: null });
      const profile = checked.profile;
      await guarded(async () => {
        const written = await call('profile.export', { profile });
        set({ busy: false, notice: written.path === null ? null : `Exported to ${fileName(written.path)}.` });
      });
    },
  };
});
