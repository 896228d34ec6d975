import { act, render, screen } from '@testing-library/react';
import type { WidgetProps } from '@rjsf/utils';
import { SWRConfig } from 'swr';
import { createRegistry } from '../../../packages/renderer/core/registry';
import type { DataProvider } from '../../../packages/renderer/core/data-provider';
import type { Manifest } from '../../../packages/renderer/core/types';
import { RendererContext, type RendererContextValue } from '../../../packages/renderer/react/context';
import ResourceSelectWidget from '../../../packages/renderer/react/form/resourceSelect';

/**
 * A record picker whose records are still on their way shows its choices as numbers: it says it is busy until they
 * come (`aria-busy`, which screen readers and the sweeps that wait for a screen to settle both read), then names them.
 */
it('is busy while its records load, then shows the chosen records by name', async () => {
  let answer!: (rows: Array<{ id: number; title: string }>) => void;
  const data = { getLite: () => new Promise((resolve) => (answer = resolve)) } as unknown as DataProvider;
  const context = {
    manifest: {
      resources: { services: { path: '/api/v1/services', operations: ['list'] } },
    } as unknown as Manifest,
    data,
    t: (k: string) => k,
    locale: 'en',
    widgets: createRegistry('widget'),
    screenWidgets: createRegistry('screen widget'),
  } as unknown as RendererContextValue;
  const props = {
    id: 'root_service_ids',
    name: 'service_ids',
    label: 'Services',
    value: [7],
    onChange: () => undefined,
    onBlur: () => undefined,
    onFocus: () => undefined,
    options: { resource: 'services' },
    schema: { type: 'array', items: { type: 'integer' } },
    registry: { formContext: {} },
    rawErrors: [],
  } as unknown as WidgetProps;
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <RendererContext.Provider value={context}>
        <ResourceSelectWidget {...props} />
      </RendererContext.Provider>
    </SWRConfig>,
  );
  const field = () => screen.getByRole('combobox', { name: 'Services' }).closest('.MuiFormControl-root')!;
  expect(field().getAttribute('aria-busy')).toBe('true');
  expect(screen.getByText('#7')).toBeTruthy();
  await act(async () => answer([{ id: 7, title: 'Haircut' }]));
  expect(field().hasAttribute('aria-busy')).toBe(false);
  expect(screen.getByText('Haircut')).toBeTruthy();
  expect(screen.queryByText('#7')).toBeNull();
});
