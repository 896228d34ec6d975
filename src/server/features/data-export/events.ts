/** An owner's archive, stored and ready to download. */
export interface ExportReady {
  ownerId: number;
  exportId: number;
}

declare module '../../engine/events' {
  interface FeatureEvents {
    /** Notified once the archive is stored (a run repeated after that tells nothing again). */
    'data-export.ready': ExportReady;
  }
}
