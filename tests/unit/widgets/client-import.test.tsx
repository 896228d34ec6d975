import path from 'node:path';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { MemoryRouter } from '@soloist/renderer';
import { RendererContext } from '../../../packages/renderer/react/context';
import { createI18n, type Locale } from '../../../src/server/infra/i18n';
import ClientImport from '../../../src/widgets/client-import/ClientImport';
import { productManifest, restStandIn } from '../../helpers/product-manifest';
import { rendererContext } from '../../helpers/renderer-context';

/** The app's own texts through i18next, so plural forms are chosen as the browser chooses them. */
const i18n = createI18n(path.join(__dirname, '../../../src/locales'));
const screenDef = { id: 'account.import-clients', kind: 'dashboard', route: '/x', title: 'x' } as never;

interface PreviewRow {
  row: number;
  values: Record<string, string>;
  errors: string[];
  duplicate: string | null;
}
const ok = (row: number): PreviewRow => ({
  row,
  values: { first_name: `Client${row}`, email: `c${row}@example.com` },
  errors: [],
  duplicate: null,
});
const previewOf = (rows: PreviewRow[]) => ({
  rows,
  importable: rows.filter((r) => !r.errors.length && !r.duplicate).length,
  duplicates: rows.filter((r) => !r.errors.length && r.duplicate).length,
  invalid: rows.filter((r) => r.errors.length).length,
});

/** The import screen in `locale`, its server answering each preview with `preview`. */
function mount(preview: ReturnType<typeof previewOf>, locale: Locale = 'en') {
  const send = jest.fn(async () => preview);
  const t = i18n.translator(locale);
  const { container } = render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <RendererContext.Provider
        value={rendererContext({
          t: t as never,
          locale,
          rest: restStandIn({ send }),
          manifest: productManifest(),
        })}
      >
        <MemoryRouter path={'/account-setup/helpful-tools/import-clients'}>
          <ClientImport screen={screenDef} card={{} as never} />
        </MemoryRouter>
      </RendererContext.Provider>
    </SWRConfig>,
  );
  const choose = async () => {
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    const file = new File(['First name,Email'], 'clients.csv', { type: 'text/csv' });
    await act(async () => {
      fireEvent.change(input, { target: { files: [file] } });
    });
    await screen.findByRole('table');
  };
  return { send, choose, t };
}

/** The Import button and the words that say why it cannot be pressed (its description). */
function importButton() {
  const button = screen.getByRole('button', { name: /^(Import|Імпортувати)/ }) as HTMLButtonElement;
  const describedBy = button.getAttribute('aria-describedby');
  const why = describedBy ? document.getElementById(describedBy)?.textContent : null;
  return { button, why };
}

describe('the client import screen', () => {
  it('offers Import before a file is chosen, disabled, saying to choose a file first', () => {
    mount(previewOf([ok(2)]));
    const { button, why } = importButton();
    expect(button.disabled).toBe(true);
    expect(why).toBe('Choose a file first');
  });

  it('a file with a bad row: Import is disabled saying to fix the rows marked in red, the row marked, its error once', async () => {
    const bad: PreviewRow = {
      row: 3,
      values: { first_name: 'Bad', phone: '+12' },
      errors: ['The phone format is invalid.'],
      duplicate: null,
    };
    const { choose } = mount(previewOf([ok(2), bad, ok(4)]));
    await choose();
    const { button, why } = importButton();
    expect(button.disabled).toBe(true);
    expect(why).toBe('Fix the rows marked in red in your file, then choose it again');
    const marked = screen.getAllByRole('row').filter((r) => r.getAttribute('data-invalid') === 'true');
    expect(marked).toHaveLength(1);
    expect(within(marked[0]).getByText('+12')).toBeTruthy();
    expect(screen.getAllByText('The phone format is invalid.')).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('Ready to import: 2 clients · With problems: 1 row');
  });

  it('nothing new in the file: Import is disabled saying every row is already a client', async () => {
    const twin = { ...ok(2), duplicate: 'A client with this email exists already' };
    const { choose } = mount(previewOf([twin]));
    await choose();
    const { button, why } = importButton();
    expect(button.disabled).toBe(true);
    expect(why).toBe('Nothing new to import: every row is already in your clients');
    expect(screen.getByRole('status').textContent).toBe(
      'Ready to import: 0 clients · Left out as already there: 1 row',
    );
  });

  it.each([
    ['en', 1, 'Import 1 client', 'Ready to import: 1 client'],
    ['en', 2, 'Import 2 clients', 'Ready to import: 2 clients'],
    ['uk', 1, 'Імпортувати 1 клієнта', 'Готово до імпорту: 1 клієнт'],
    ['uk', 3, 'Імпортувати 3 клієнти', 'Готово до імпорту: 3 клієнти'],
    ['uk', 5, 'Імпортувати 5 клієнтів', 'Готово до імпорту: 5 клієнтів'],
    ['uk', 21, 'Імпортувати 21 клієнта', 'Готово до імпорту: 21 клієнт'],
  ] as const)('in %s counts %i as “%s” and “%s”', async (locale, count, label, summary) => {
    const { choose } = mount(previewOf(Array.from({ length: count }, (_, i) => ok(i + 2))), locale);
    await choose();
    const { button, why } = importButton();
    expect(button.textContent).toBe(label);
    expect(button.disabled).toBe(false);
    expect(why).toBeFalsy();
    expect(screen.getByRole('status').textContent).toBe(summary);
  });
});
