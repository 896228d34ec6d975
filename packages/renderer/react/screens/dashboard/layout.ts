import useSWR from 'swr';
import type { CardDef } from '../../../core/card-data.js';
import type { ScreenDef } from '../../../core/types.js';
import { useRenderer } from '../../context.js';

interface CardSetting {
  id: string;
  shown: boolean;
}

/** Orders and hides cards as the settings say; cards they do not name keep their place after the named ones. */
export function arrangeCards(cards: CardDef[], settings: CardSetting[] | undefined): CardDef[] {
  if (!settings?.length) return cards;
  const byId = new Map(cards.filter((c) => c.id).map((c) => [c.id!, c]));
  const named = settings.flatMap((s) => (s.shown && byId.has(s.id) ? [byId.get(s.id)!] : []));
  const rest = cards.filter((c) => !c.id || !settings.some((s) => s.id === c.id));
  return [...named, ...rest];
}

/**
 * The columns a card takes on a wide screen (of 4): its own `span`, else 1 — unless the screen has one card, or every
 * card of the screen is a hand-written widget (no figure, chart or count). Such a screen is a page made of widgets
 * (the calendar, the checkout, income), not a board of small cards, so each of its widgets takes the whole row.
 */
export function cardSpan(card: CardDef, cards: CardDef[]): number {
  if (card.span) return card.span;
  const page = cards.length === 1 || cards.every((c) => c.widget && !c.figure && !c.chart);
  return page ? 4 : 1;
}

/**
 * The cards a dashboard shows the caller: those their rules allow (a card's `gate`; `unless`: those they do not),
 * in the order and with the
 * choice of their settings (`screen.settings`). Until the settings arrive the screen's own order shows.
 */
export function useDashboardCards(screen: ScreenDef<'dashboard'>): CardDef[] {
  const { rest, can } = useRenderer();
  const { data } = useSWR(screen.settings ? ['card-source', screen.settings] : null, () =>
    rest.getJson<{ data: { cards: CardSetting[] } }>(screen.settings!),
  );
  const allowed = (screen.cards ?? []).filter(
    (c) =>
      (!c.gate?.subject || can(c.gate.action ?? 'read', c.gate.subject)) &&
      !(c.unless?.subject && can(c.unless.action ?? 'read', c.unless.subject)),
  );
  return arrangeCards(allowed, data?.data.cards);
}
