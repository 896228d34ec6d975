import type { AppointmentBefore } from './before';

export type { AppointmentBefore };

/**
 * What the appointments feature tells the others once an owner's change has committed (notified, never within the
 * write: a follow-up that fails is logged and the change stands). Online bookings create and move appointments
 * through the same services but tell their client themselves, so they raise none of these.
 */
declare module '../../engine/events' {
  interface FeatureEvents {
    /** The owner booked an appointment, or a series: `ids` its occurrences, in time order (the first confirms it). */
    'appointments.booked': { ids: number[] };
    /**
     * The owner changed an appointment (its details, time or clients): `ids` what it is now (a change of a series'
     * future gives new ones), `before` what it was, read before the change.
     */
    'appointments.changed': { ids: number[]; before: AppointmentBefore | null };
    /** The owner set one client's attendance of an appointment (`cancelled` among them). */
    'appointments.attendance': { id: number; clientId: number; status: string };
    /** The owner deleted an appointment (or it and its series' later ones): `before` what it was. */
    'appointments.deleted': { before: AppointmentBefore | null };
  }
}
