import { Suspense, type ComponentType, type ReactNode } from 'react';
import Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { render, waitFor } from '@testing-library/react';
import type { RendererWidget } from '../react/form/widgets';
import { leanTemplates } from '../react/form/theme';

export interface ContractCase {
  name: string;
  run(): Promise<void>;
}

export interface WidgetContractOptions {
  /** The JSON Schema of the field the widget edits (default: a nullable string). */
  schema?: RJSFSchema;
  /** A value to show. */
  value?: unknown;
  /** The field's `ui:options` (e.g. which resource a picker lists). */
  uiOptions?: Record<string, unknown>;
  /** Providers the widget needs (e.g. the renderer context for widgets that upload). */
  wrapper?: ComponentType<{ children: ReactNode }>;
}

function fail(message: string): never {
  throw new Error(`widget contract: ${message}`);
}

/**
 * The contract every widget registered with the renderer must keep, as plain cases an integrator runs in
 * their own test runner (jsdom):
 *
 * @example
 * for (const c of widgetContract('colour', ColourPicker)) it(c.name, c.run);
 */
export function widgetContract(
  name: string,
  Widget: RendererWidget,
  options: WidgetContractOptions = {},
): ContractCase[] {
  const fieldSchema: RJSFSchema = options.schema ?? { type: ['string', 'null'] };
  const schema: RJSFSchema = {
    $id: 'contract',
    type: 'object',
    properties: { field: { ...fieldSchema, title: 'Field' } },
  };
  // Rendering needs a validator; the contract is about the widget, so every value is valid here.
  const validator = createPrecompiledValidator({ contract: (() => true) as never }, schema);
  const Wrapper = options.wrapper ?? (({ children }: { children: ReactNode }) => <>{children}</>);
  const mount = (extra: { disabled?: boolean } = {}) =>
    render(
      <Wrapper>
        <Suspense fallback={<p>loading</p>}>
          <Form
            schema={schema}
            uiSchema={{
              field: { 'ui:widget': name, ...(options.uiOptions ? { 'ui:options': options.uiOptions } : {}) },
            }}
            widgets={{ [name]: Widget }}
            templates={leanTemplates((k) => k)}
            validator={validator}
            formData={options.value === undefined ? {} : { field: options.value }}
            {...extra}
          />
        </Suspense>
      </Wrapper>,
    );

  return [
    {
      name: `${name}: renders a control with the field's id, so its label points at it`,
      async run() {
        const { container, unmount } = mount();
        // Widgets may load lazily: give them a moment to appear.
        await waitFor(() => container.querySelector('#root_field') ?? Promise.reject(new Error('not yet')), {
          timeout: 2000,
        }).catch(() => undefined);
        if (!container.querySelector('#root_field')) fail(`"${name}" rendered no element with id "root_field"`);
        unmount();
      },
    },
    {
      name: `${name}: every control is disabled when the form is`,
      async run() {
        const { container, unmount } = mount({ disabled: true });
        await waitFor(() => container.querySelector('#root_field') ?? Promise.reject(new Error('not yet')), {
          timeout: 2000,
        }).catch(() => undefined);
        const controls = [...container.querySelectorAll('input:not([type=hidden]), select, textarea, button')].filter(
          (el) => !el.closest('[hidden]'),
        );
        const enabled = controls.filter(
          (el) => !(el as HTMLInputElement).disabled && (el as HTMLInputElement).readOnly !== true,
        );
        if (enabled.length) fail(`"${name}" left ${enabled.length} control(s) enabled in a disabled form`);
        unmount();
      },
    },
  ];
}
