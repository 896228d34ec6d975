import { Suspense, type ComponentType, type ReactNode } from 'react';
import Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { queryAllByLabelText, render, waitFor } from '@testing-library/react';
import type { RendererWidget } from '../react/form/widgets.js';
import { leanTemplates } from '../react/form/theme.js';

/**
 * One case of a contract suite: a name for the runner and what it runs (it throws when the widget fails it).
 * @example
 * const cases: ContractCase[] = widgetContract('colour', ColourPicker);
 * for (const c of cases) it(c.name, c.run);
 */
export interface ContractCase {
  name: string;
  run(): Promise<void>;
}

/**
 * What `widgetContract` tries a widget with: the field's schema and a value it must show.
 * @example widgetContract('money', MoneyInput, { schema: { type: ['integer', 'null'] }, value: 1250 });
 */
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
  const mount = (extra: { disabled?: boolean; readonly?: boolean; extraErrors?: object } = {}) =>
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
            showErrorList={false}
            {...(extra as object)}
          />
        </Suspense>
      </Wrapper>,
    );

  const drawn = async (container: HTMLElement) => {
    // Widgets may load lazily: give them a moment to appear.
    await waitFor(() => container.querySelector('#root_field') ?? Promise.reject(new Error('not yet')), {
      timeout: 2000,
    }).catch(() => undefined);
    return container.querySelector<HTMLElement>('#root_field');
  };
  const controlsOf = (container: HTMLElement) =>
    [...container.querySelectorAll<HTMLInputElement>('input:not([type=hidden]), select, textarea, button')].filter(
      (el) => !el.closest('[hidden]') && el.getAttribute('type') !== 'submit',
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
    {
      name: `${name}: its control is named by the field's label`,
      async run() {
        const { container, unmount } = mount();
        const control = await drawn(container);
        const named = queryAllByLabelText(container, /^Field/);
        if (!control || !named.some((el) => el === control || control.contains(el) || el.contains(control)))
          fail(`"${name}": no control of the field is named "Field" (a label, aria-labelledby or aria-label)`);
        unmount();
      },
    },
    {
      name: `${name}: an error on the field is linked to its control`,
      async run() {
        const { container, unmount } = mount({ extraErrors: { field: { __errors: ['Not a good value.'] } } });
        const control = await drawn(container);
        const message = [...container.querySelectorAll<HTMLElement>('[id]')].find(
          (el) => el.textContent?.trim() === 'Not a good value.',
        );
        if (!message) fail(`"${name}": the field's error is not shown in an element with an id`);
        // The field's element, what it holds, and the controls beside it (a hidden file input's button).
        const described = [
          control,
          ...(control ? control.querySelectorAll('[aria-describedby]') : []),
          ...controlsOf(container),
        ]
          .flatMap((el) => el?.getAttribute('aria-describedby')?.split(/\s+/) ?? [])
          .includes(message.id);
        if (!described) fail(`"${name}": its control's aria-describedby does not name the error ("${message.id}")`);
        unmount();
      },
    },
    {
      name: `${name}: nothing can be changed when the form is read-only`,
      async run() {
        const { container, unmount } = mount({ readonly: true });
        await drawn(container);
        const writable = controlsOf(container).filter((el) => !el.disabled && el.readOnly !== true);
        if (writable.length) fail(`"${name}" left ${writable.length} control(s) writable in a read-only form`);
        unmount();
      },
    },
    {
      name: `${name}: axe finds no violation`,
      async run() {
        const { container, unmount } = mount({ extraErrors: { field: { __errors: ['Not a good value.'] } } });
        await drawn(container);
        const axe = (await import('axe-core')).default;
        // jsdom draws nothing: contrast cannot be measured; a widget alone is not a page with landmarks.
        const { violations } = await axe.run(container, {
          rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
        });
        if (violations.length)
          fail(`"${name}": axe: ${violations.map((v) => `${v.id} (${v.nodes[0]?.target.join(' ')})`).join('; ')}`);
        unmount();
      },
    },
  ];
}
