import type { CardDef } from '../../../packages/renderer/core/card-data';
import { cardSpan } from '../../../packages/renderer/react/screens/dashboard/layout';

describe('cardSpan', () => {
  const widget = (name: string, span?: number): CardDef => ({ title: name, widget: name, span });
  const figure: CardDef = { title: 'f', source: '/api/v1/x', figure: { value: 'total' } } as CardDef;

  it('gives each widget of a page made of widgets the whole row', () => {
    const cards = [widget('net-income'), widget('tax-estimate')];
    expect(cards.map((c) => cardSpan(c, cards))).toEqual([4, 4]);
    expect(cardSpan(widget('calendar'), [widget('calendar')])).toBe(4);
    expect(cardSpan(figure, [figure])).toBe(4);
  });

  it('keeps a board of figures and widgets in columns, and a span the screen names', () => {
    const cards = [figure, widget('dashboard-agenda'), widget('setup-checklist', 4)];
    expect(cards.map((c) => cardSpan(c, cards))).toEqual([1, 1, 4]);
    expect(cardSpan(widget('export', 2), [widget('export', 2)])).toBe(2);
  });
});
