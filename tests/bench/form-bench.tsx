/**
 * The form benchmark page (built by scripts/bench.ts, never shipped): one 500-field schema rendered by
 * ?engine=ours (rjsf + the renderer's lean MUI templates, as FormScreen renders it), plain @rjsf/core, or stock
 * @rjsf/mui. It records mount time and the synchronous cost of each keystroke in `window.__bench`.
 */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import CoreForm from '@rjsf/core';
import MuiForm from '@rjsf/mui';
import type { RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { leanTemplates, CheckboxWidget, TextareaWidget } from '../../packages/renderer/react/form/theme';
import '../../packages/renderer/react/form/form.css';

const FIELDS = 500;
const schema: RJSFSchema = {
  type: 'object',
  required: ['field_0'],
  properties: Object.fromEntries(
    Array.from({ length: FIELDS }, (_, i) => [`field_${i}`, { type: 'string', title: `Field ${i}`, maxLength: 255 }]),
  ),
};
const engine = new URLSearchParams(location.search).get('engine') ?? 'ours';
const templates = leanTemplates((k) => k);
const widgets = { CheckboxWidget, TextareaWidget };

function Bench() {
  if (engine === 'mui') return <MuiForm schema={schema} validator={validator} noHtml5Validate />;
  if (engine === 'core') return <CoreForm schema={schema} validator={validator} noHtml5Validate />;
  return (
    <CoreForm
      className="sf-form"
      schema={schema}
      validator={validator}
      templates={templates}
      widgets={widgets}
      noHtml5Validate
    />
  );
}

declare global {
  interface Window {
    __bench: { mount: number; keystrokes: number[]; run(n: number): void };
  }
}

const root = createRoot(document.getElementById('root')!);
const t0 = performance.now();
flushSync(() => root.render(<Bench />));
const mount = performance.now() - t0;

window.__bench = {
  mount,
  keystrokes: [],
  run(n: number) {
    const input = document.getElementById('root_field_250') as HTMLInputElement;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    for (let i = 0; i < n; i++) {
      const start = performance.now();
      setValue.call(input, `${input.value}${String.fromCharCode(97 + (i % 26))}`);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      flushSync(() => undefined);
      this.keystrokes.push(performance.now() - start);
    }
  },
};
