import { z } from 'zod';
import type { StorageCompactResult, StorageStats } from '../../domain/storage';
import { invokeChannel } from '../define';

// Settings → History file: its size by part, and compacting it (giving free pages back).
export const storageChannels = {
  'storage.stats': invokeChannel(z.object({}).strict()).returns<StorageStats>(),
  /** Refused while a run is in progress (compacting holds the file for its whole duration). */
  'storage.compact': invokeChannel(z.object({}).strict()).returns<StorageCompactResult>(),
};
