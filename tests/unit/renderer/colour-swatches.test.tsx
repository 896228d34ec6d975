import Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { fireEvent, render, screen } from '@testing-library/react';
import { createRegistry } from '../../../packages/renderer/core/registry';
import type { Manifest, ScreenDef } from '../../../packages/renderer/core/types';
import { defaultWidgets } from '../../../packages/renderer/react/form/widgets';
import { leanTemplates } from '../../../packages/renderer/react/form/theme';
import { RendererContext, type RendererContextValue } from '../../../packages/renderer/react/context';
import GalleryView from '../../../packages/renderer/react/views/GalleryView';
import ListView from '../../../packages/renderer/react/views/ListView';

const schema: RJSFSchema = { $id: 'thing', type: 'object', properties: { colour: { type: 'string' } } };
const validator = createPrecompiledValidator({ thing: (() => true) as never }, schema);
const t = (key: string) => key;

/** The colour field in a form; answers the last value it was changed to. */
function colourField(colour: string) {
  const changes: unknown[] = [];
  const { container } = render(
    <Form
      schema={schema}
      uiSchema={{ colour: { 'ui:widget': 'colour' } }}
      widgets={{ colour: defaultWidgets.get('colour', 'test') }}
      templates={leanTemplates(t)}
      validator={validator}
      formData={{ colour }}
      formContext={{ t }}
      onChange={(e) => changes.push((e.formData as { colour?: unknown }).colour)}
    />,
  );
  return { container, last: () => changes[changes.length - 1] };
}

describe('the colour field', () => {
  it('offers colours as swatches, the chosen one checked, and never writes the hex value', () => {
    const { container, last } = colourField('#1565c0');
    expect(container.textContent).not.toMatch(/#[0-9a-f]{6}/i);
    const swatches = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(swatches.length).toBeGreaterThanOrEqual(6);
    expect((screen.getByRole('radio', { name: 'widgets.colours.blue' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'widgets.colours.green' }));
    expect(last()).toMatch(/^#[0-9a-f]{6}$/);
    expect(last()).not.toBe('#1565c0');
  });

  it('keeps a colour of its own in the picker beside the swatches, none of them checked', () => {
    const { container } = colourField('#123456');
    expect(container.textContent).not.toMatch(/#123456/);
    expect(screen.getAllByRole('radio').some((r) => (r as HTMLInputElement).checked)).toBe(false);
    const custom = screen.getByLabelText(/widgets\.customColour/) as HTMLInputElement;
    expect(custom.value).toBe('#123456');
  });
});

const context = {
  manifest: { screens: [], resources: {} } as unknown as Manifest,
  rest: {} as never,
  t,
  locale: 'en-GB',
  can: () => true,
  widgets: createRegistry('widget'),
  screenWidgets: createRegistry('screen widget'),
  formContext: { currency: 'GBP' },
  notify: () => undefined,
  confirm: async () => true,
  checkGate: () => null,
  onSession: async () => undefined,
} satisfies RendererContextValue;

const screenDef: ScreenDef<'list'> = {
  id: 'services.list',
  kind: 'list',
  route: '/services',
  resource: 'services',
  title: 'screens.services.list',
  card: { title: ['title'], subtitle: ['colour', 'price'] },
  columns: [{ field: 'colour', type: 'colour' }, { field: 'title' }, { field: 'price', type: 'money' }],
};
const rows = [{ id: 1, title: 'Haircut', colour: '#1565c0', price: 3000 }];

describe.each([
  ['list', ListView],
  ['gallery', GalleryView],
])('a card of the %s view', (_name, View) => {
  it('shows a colour of its subtitle as a swatch, not as "#1565c0"', () => {
    const { container } = render(
      <RendererContext.Provider value={context}>
        <View rows={rows} screen={screenDef} onSort={() => undefined} onOpen={() => undefined} />
      </RendererContext.Provider>,
    );
    expect(container.textContent).not.toContain('#1565c0');
    expect(container.textContent).toContain('£30.00');
    expect(screen.getByRole('img', { name: 'widgets.colours.blue' })).toBeTruthy();
  });
});
