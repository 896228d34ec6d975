/** A class session's Zoom meeting as it was before a change. */
export interface SessionMeeting {
  id: number;
  user_id: number;
  zoom_meeting_id: string | null;
}

/**
 * What the classes feature tells the others once an owner's change to a class's sessions has committed (notified,
 * never within the write). The class's record itself is a declared resource: its writes are the engine's.
 */
declare module '../../engine/events' {
  interface FeatureEvents {
    /** Sessions of the class were added, moved or deleted: `meetings` the Zoom meetings it had before. */
    'classes.sessions': { classId: number; meetings: SessionMeeting[] };
  }
}
