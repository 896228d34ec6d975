/** A file of contacts imported: how many clients were added and how many rows were left out as duplicates. */
export interface ClientsImported {
  ownerId: number;
  imported: number;
  skipped: number;
}

declare module '../../engine/events' {
  interface FeatureEvents {
    /** Notified after the import committed. */
    'client-import.done': ClientsImported;
  }
}
