import { z } from 'zod';
import type { ProfileFieldError } from '../../profile/parse';
import { BUILTIN_PROFILE_IDS, type BuiltinProfileId } from '../../profile/builtin-ids';
import { serviceProfileSchema, type ServiceProfile } from '../../profile/schema';
import { invokeChannel } from '../define';

// The service profile in Settings: how the deployment names its engines (paths, taskType
// tokens, countries models, labels, base costs, availability). Import and export go through
// main's file dialogs; the renderer never names a path.

export interface ProfileView {
  profile: ServiceProfile;
  /** True when the spec's neutral names apply (nothing saved, or the built-in `spec` chosen). */
  isNeutral: boolean;
  /** The built-in profile in use, chosen by name; null for a profile saved in Settings. */
  builtin: BuiltinProfileId | null;
  /** The profile calls engines the spec lists as coming soon: shown as a preview. */
  preview: boolean;
  /** Picked because the service in Settings answers its engine names (no profile chosen yet). */
  detected: boolean;
  /** The built-in profiles the picker offers. */
  builtins: BuiltinProfileChoice[];
  /** The name of the profile saved in Settings (imported or edited), offered beside the built-ins. */
  savedName: string | null;
}

/** What the picker can choose. */
export type ProfileChoice = BuiltinProfileId | 'saved';

/** One built-in profile as the picker lists it. */
export interface BuiltinProfileChoice {
  id: BuiltinProfileId;
  name: string;
  description: string;
  preview: boolean;
}

export interface ProfileImportView {
  /** Null when the user canceled the dialog. */
  path: string | null;
  /** The file's profile, to review in the form (not saved until Save). */
  profile: ServiceProfile | null;
  /** What is wrong with the file, one entry per field; empty when it is valid. */
  errors: ProfileFieldError[];
}

export interface ProfileExportView {
  /** Null when the user canceled the dialog. */
  path: string | null;
  bytes: number;
}

const empty = z.object({}).strict();

export const profileChannels = {
  'profile.get': invokeChannel(empty).returns<ProfileView>(),
  /** Validated field by field (errors name e.g. profile.engines.search.taskType). */
  'profile.save': invokeChannel(z.object({ profile: serviceProfileSchema }).strict()).returns<ProfileView>(),
  /** Back to the spec's neutral names. */
  'profile.reset': invokeChannel(empty).returns<ProfileView>(),
  /** The picker: a built-in profile by name (spec, live, preview), or the one saved in Settings. */
  'profile.choose': invokeChannel(
    z.object({ choice: z.enum([...BUILTIN_PROFILE_IDS, 'saved']) }).strict(),
  ).returns<ProfileView>(),
  /** An open dialog, then the file read and checked. */
  'profile.import': invokeChannel(empty).returns<ProfileImportView>(),
  /** A save dialog, then the profile written as JSON. */
  'profile.export': invokeChannel(
    z.object({ profile: serviceProfileSchema }).strict(),
  ).returns<ProfileExportView>(),
};
