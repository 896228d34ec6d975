import { actionQuery } from '../../../packages/renderer/react/actions';
import { relatedSource } from '../../../packages/renderer/react/screens/DetailScreen';
import { grouped } from '../../../packages/renderer/react/shell';

describe("the schema language's checkout words", () => {
  it("a navigate action's query names the record by {id}", () => {
    expect(actionQuery({ query: { client_id: '{id}', back: '/clients/{id}' } }, { id: 12 })).toBe(
      '?client_id=12&back=%2Fclients%2F12',
    );
    expect(actionQuery({}, { id: 12 })).toBe('');
  });

  it("a related list's own source has the record's id in place of {id}", () => {
    expect(relatedSource('/api/v1/payments?client_id={id}', 7)).toBe('/api/v1/payments?client_id=7');
  });

  it("a menu group's heading comes before its first shown entry, a divider where it ends, none for a hidden group", () => {
    const menu = [
      { label: 'a', route: '/a' },
      { label: 'income', route: '/i', group: 'menu.financials' },
      { label: 'left', route: '/l', group: 'menu.financials' },
      { label: 'b', route: '/b' },
      { label: 'hidden', route: '/h', group: 'menu.other' },
      { label: 'c', route: '/c' },
    ];
    const drawn = grouped(
      menu,
      (m) => (m.label === 'hidden' ? null : m.label),
      (g) => (g ? `[${g}]` : '---'),
    );
    expect(drawn).toEqual(['a', '[menu.financials]', 'income', 'left', '---', 'b', 'c']);
  });
});
