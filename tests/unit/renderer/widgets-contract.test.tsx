import type { ReactNode } from 'react';
import { createRestClient } from '../../../packages/renderer/core/rest';
import { createRegistry } from '../../../packages/renderer/core/registry';
import type { Manifest } from '../../../packages/renderer/core/types';
import { RendererContext, type RendererContextValue } from '../../../packages/renderer/react/context';
import { defaultWidgets } from '../../../packages/renderer/react/form/widgets';
import { widgetContract } from '../../../packages/renderer/testing/widgetContract';
import { widgets as appWidgets } from '../../../src/widgets';

const context: RendererContextValue = {
  manifest: {
    hash: 'h',
    navigation: { areas: [], redirects: [], notFound: '/404' },
    screens: [],
    calls: { 'data.things': { method: 'GET', path: '/api/v1/things/kinds' } },
    resources: {
      things: {
        path: '/api/v1/things',
        subject: null,
        validator: '',
        archivable: false,
        exportFormats: [],
        operations: ['list'],
      },
    },
  } as Manifest,
  // No server in unit tests: lists answer empty.
  rest: { ...createRestClient(), getList: async () => [], getJson: async () => ({ data: [] }) } as never,
  t: (k) => k,
  locale: 'en',
  can: () => true,
  widgets: createRegistry('widget'),
  screenWidgets: createRegistry('screen widget'),
  formContext: {},
  notify: () => undefined,
  confirm: async () => true,
  checkGate: () => null,
  onSession: async () => undefined,
};
const wrapper = ({ children }: { children: ReactNode }) => (
  <RendererContext.Provider value={context}>{children}</RendererContext.Provider>
);

const schemas: Record<string, object> = {
  checkbox: { type: 'boolean' },
  CheckboxWidget: { type: 'boolean' },
  money: { type: ['integer', 'null'] },
  duration: { type: 'integer' },
  'resource-select': { type: 'array', items: { type: 'integer' } },
  'call-select': { type: ['string', 'null'] },
};
const uiOptions: Record<string, object> = {
  'resource-select': { resource: 'things' },
  'resource-text': { resource: 'things' },
  'call-select': { call: 'data.things' },
};

describe.each(Object.entries({ ...defaultWidgets.entries(), ...appWidgets }))('widget %s', (name, Widget) => {
  for (const c of widgetContract(name, Widget, {
    wrapper,
    schema: schemas[name] as never,
    uiOptions: uiOptions[name] as never,
  }))
    it(c.name, () => c.run());
});

describe('widgetContract', () => {
  it('catches a widget without the field id and one that ignores a disabled form', async () => {
    const Careless = () => <input aria-label="x" />;
    const [idCase, disabledCase, labelCase, errorCase, readOnlyCase] = widgetContract('careless', Careless as never);
    await expect(idCase.run()).rejects.toThrow('widget contract: "careless" rendered no element with id "root_field"');
    await expect(disabledCase.run()).rejects.toThrow(
      'widget contract: "careless" left 1 control(s) enabled in a disabled form',
    );
    await expect(labelCase.run()).rejects.toThrow('no control of the field is named "Field"');
    await expect(errorCase.run()).rejects.toThrow('does not name the error ("root_field__error")');
    await expect(readOnlyCase.run()).rejects.toThrow('left 1 control(s) writable in a read-only form');
  });

  it('catches what axe finds: a picture with no text', async () => {
    const Pictured = ({ id }: { id: string }) => (
      <span>
        <input id={id} aria-describedby={`${id}__error`} />
        <img src="data:," />
      </span>
    );
    const axeCase = widgetContract('pictured', Pictured as never).find((c) => c.name.includes('axe'))!;
    await expect(axeCase.run()).rejects.toThrow('"pictured": axe: image-alt');
  });
});
