import { screen } from '@testing-library/react';
import AffiliateCode from '../../../src/widgets/affiliate-code/AffiliateCode';
import { renderScreen, rendererContext } from '../../helpers/renderer-context';

function mount(earnings: number, currency: string, locale = 'en') {
  const getJson = jest.fn(async () => ({
    data: {
      code: 'ABCD2345',
      url: 'https://app.test/register?ref=ABCD2345',
      subscribers: 12,
      trialing: 3,
      subscribed: 8,
      unsubscribed: 1,
      earnings,
      currency,
    },
  }));
  renderScreen(<AffiliateCode screen={{} as never} />, rendererContext({ rest: { getJson } as never, locale }));
}

describe("the affiliate's dashboard", () => {
  it('shows the earnings as money in the currency the server names', async () => {
    mount(123456, 'gbp');
    expect(await screen.findByText('£1,234.56')).toBeTruthy();
  });

  it('writes another currency in the reader’s locale', async () => {
    mount(5000, 'uah', 'uk');
    const figure = await screen.findByText((text) => text.replace(/\s/g, ' ') === '50,00 ₴');
    expect(figure.tagName).toBe('DD');
  });

  it('lays its figures out by the card’s width, each allowed to wrap rather than run out of a narrow card', async () => {
    mount(123456, 'gbp');
    const figure = await screen.findByText('£1,234.56');
    const list = screen.getByTestId('affiliate-figures');
    // Columns fitted to the card (auto-fit), not five fixed columns from the screen's width.
    expect(getComputedStyle(list).gridTemplateColumns).toMatch(/^repeat\(auto-fit, minmax\(/);
    expect(getComputedStyle(figure).overflowWrap).toBe('anywhere');
    expect(getComputedStyle(figure.parentElement!).minWidth).toBe('0');
  });
});
