import { useEffect, useRef, useState } from 'react';
import type { Owing } from '../money/shared';

type Kind = 'appointment' | 'class' | 'sale';

/**
 * What the checkout has ticked of a client's owed appointments, class seats and earlier sales. For each new client,
 * once their list is read: only what the checkout was opened for, the one named in the address (`appointment_id`,
 * `class_seat_id`, `sale_id`). Older debts and coming appointments are listed for the owner to tick, never ticked
 * unasked: a client buying a shampoo is not asked for last June's class. Once per client, so a later refresh of the
 * list (the window regaining focus) keeps the ticks.
 */
export function useChosen(clientId: number | null, owed: Owing[] | undefined, named: Record<Kind, number | null>) {
  const [chosen, setChosen] = useState<number[]>([]);
  const [chosenSeats, setChosenSeats] = useState<number[]>([]);
  const [chosenSales, setChosenSales] = useState<number[]>([]);
  const ticked = useRef<number | null>(null);
  const setters: Record<Kind, typeof setChosen> = {
    appointment: setChosen,
    class: setChosenSeats,
    sale: setChosenSales,
  };

  useEffect(() => {
    if (!owed || ticked.current === clientId) return;
    ticked.current = clientId;
    const of = (kind: Kind) => owed.filter((a) => (a.kind ?? 'appointment') === kind);
    for (const kind of ['appointment', 'class', 'sale'] as const) {
      const one = named[kind] !== null && of(kind).some((a) => a.id === named[kind]) ? named[kind] : null;
      setters[kind](one !== null ? [one] : []);
    }
    // Ticks are set once per client, from the first list read; the names come from the address, which stays.
  }, [owed, clientId]);

  return {
    chosen,
    chosenSeats,
    chosenSales,
    /** Ticks or unticks one row. */
    toggle: (a: Owing, on: boolean) =>
      setters[a.kind ?? 'appointment']((c) => (on ? [...c, a.id] : c.filter((x) => x !== a.id))),
    /** Nothing ticked (another client was chosen). */
    clear: () => {
      for (const set of Object.values(setters)) set([]);
    },
  };
}
