import { DiscountCell } from '../../../src/widgets/cells/Discount';
import { rendererContext, renderScreen } from '../../helpers/renderer-context';

const cell = (record: Record<string, unknown>, locale = 'en-GB') =>
  renderScreen(
    <DiscountCell value={record.value} record={record} column={{ field: 'value', type: 'x-discount' }} />,
    rendererContext({ locale }),
  ).container.textContent;

describe('a promo code discount cell', () => {
  it('writes a percentage as one and a fixed amount as money in the code currency, not its minor units', () => {
    expect(cell({ kind: 'percentage', value: 20 })).toBe('20%');
    expect(cell({ kind: 'fixed', value: 500, currency: 'gbp' })).toBe('£5.00');
    expect(cell({ kind: 'fixed', value: 5000, currency: 'uah' }, 'uk-UA')).toMatch(/^50,00\s₴$/);
    expect(cell({ kind: 'fixed', value: null, currency: 'gbp' })).toBe('—');
  });
});
