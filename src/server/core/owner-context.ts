import type { Db, Dialect } from '../db/database';
import type { Filter } from '../engine/resource-repository';

/** What an appointment write needs to know of the owner it is for, and of the caller making it. */
export interface OwnerContext {
  db: Db;
  dialect: Dialect;
  ownerId: number;
  timeZone: string;
  zoomConnected: boolean;
  /** The caller's read filter on clients: linked clients must be ones they may read. */
  clientFilter: Filter;
  /** The online-booking hold this write turns into an appointment (it does not count against itself). */
  ownHoldId?: number;
}
