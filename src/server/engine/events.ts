import type { FastifyBaseLogger } from 'fastify';

/**
 * The events features tell each other, by name. The feature that emits an event declares it, by augmenting this
 * interface in its own `events.ts`:
 *
 *     declare module '../../engine/events' {
 *       interface FeatureEvents { 'appointments.booked': { ownerId: number; ids: number[] } }
 *     }
 *
 * and a feature that reacts imports that type from the emitter's front door and listens in its own `index.ts`
 * (`app.events.on('appointments.booked', …)`). So the reacting feature depends on the emitting one, never the
 * other way round: appointments know nothing of the notifications and meetings that follow a booking.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by declaration merging
export interface FeatureEvents {}

type Listener<E> = (event: E) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Events one feature tells the others (engine/events.ts). */
    events: FeatureEventBus;
  }
}

export class FeatureEventBus {
  private readonly listeners = new Map<string, Listener<never>[]>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Adds a listener; listeners run in the order they were added. */
  on<K extends keyof FeatureEvents>(name: K, listener: Listener<FeatureEvents[K]>): void {
    this.listeners.set(name as string, [...(this.listeners.get(name as string) ?? []), listener as Listener<never>]);
  }

  /**
   * Within a write: every listener, in turn, awaited; a listener's failure is the write's (inside a transaction it
   * undoes it). For what must happen with the write or not at all.
   */
  async emit<K extends keyof FeatureEvents>(name: K, event: FeatureEvents[K]): Promise<void> {
    for (const listener of this.listeners.get(name as string) ?? [])
      await (listener as Listener<FeatureEvents[K]>)(event);
  }

  /**
   * After a write has committed: every listener runs; a failure is logged and neither undoes the write nor stops the
   * other listeners. For what follows a write (messages, meetings on a provider).
   */
  async notify<K extends keyof FeatureEvents>(name: K, event: FeatureEvents[K]): Promise<void> {
    for (const listener of this.listeners.get(name as string) ?? [])
      await (listener as Listener<FeatureEvents[K]>)(event).catch((err: unknown) =>
        this.log.error({ err, event: name }, 'a listener failed'),
      );
  }
}
