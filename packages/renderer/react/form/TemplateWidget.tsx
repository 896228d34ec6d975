import { useEffect, useRef, useState } from 'react';
import useSWR from 'swr';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useDataProvider } from '../data.js';
import './template.css';

type T = (key: string, options?: Record<string, unknown>) => string;
interface Note {
  key: string;
  values: Record<string, unknown>;
}
/** What the `preview` call answers for the text as typed. */
interface Preview {
  text: string;
  footer: string | null;
  tags: string[];
  warning: Note | null;
  notes: Note[];
}
interface Options {
  /** The declared call (POST) that describes the text: its preview, tags, a warning and notes. */
  preview?: string;
  /** Values sent with the text (`{ "kind": "reminder" }`). */
  with?: Record<string, unknown>;
  /** Values sent with the text taken from other fields of the form (`{ "channel": "send_type" }`), when set. */
  withFields?: Record<string, string>;
  /** One line (a subject) instead of a text area. */
  single?: boolean;
  rows?: number;
  /** i18n keys of the tag buttons' group and of the preview's heading. */
  labels?: { tags?: string; preview?: string };
}

/** The text as typed, a quarter of a second after the last key, so a preview is asked for once per pause. */
function useSettled<V>(value: V, ms = 250): V {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * A text with tags filled in when it is used — a message template (`"ui:widget": "template"`). The server describes
 * the text through a declared call (`ui:options.preview`): the tags to offer, put in at the cursor by a button; a
 * warning naming a tag typed wrongly; the text as its reader will get it; notes such as its size and cost. The widget
 * knows nothing of messages: what a tag means and what a text costs are the server's.
 */
export default function TemplateWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, rawErrors } = props;
  const options = props.options as Options;
  const context = (props.registry.formContext ?? {}) as { t?: T; values?: Record<string, unknown> };
  const t: T = context.t ?? ((k) => k);
  const provider = useDataProvider();
  const text = typeof value === 'string' ? value : '';
  const field = useRef<HTMLTextAreaElement & HTMLInputElement>(null);

  const fromFields = Object.fromEntries(
    Object.entries(options.withFields ?? {})
      .map(([name, from]) => [name, context.values?.[from]])
      .filter(([, v]) => v !== undefined && v !== null && v !== ''),
  );
  const body = useSettled({ ...options.with, ...fromFields, text });
  const { data: answer } = useSWR(
    options.preview ? [options.preview, 'preview', body] : null,
    () => provider.call<{ data: Preview }>(options.preview!, { body }),
    { keepPreviousData: true, revalidateOnFocus: false },
  );
  const preview = answer?.data;

  /** Puts the tag where the cursor is (or at the end), and the cursor after it. */
  const insert = (tag: string) => {
    const el = field.current;
    const at = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? at;
    onChange(`${text.slice(0, at)}{${tag}}${text.slice(end)}`);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + tag.length + 2, at + tag.length + 2);
    });
  };

  const warning = preview?.warning && text !== '' ? preview.warning : null;
  const common = {
    id,
    name: id,
    ref: field,
    className: `sf-input${options.single ? '' : ' sf-textarea'}`,
    value: text,
    disabled,
    readOnly: readonly,
    'aria-invalid': (rawErrors?.length ?? 0) > 0 || warning !== null || undefined,
    'aria-describedby': `${ariaDescribedByIds(id)} ${id}__preview`,
    onBlur: () => onBlur(id, text),
    onFocus: () => onFocus(id, text),
  };
  const shown = preview && text.trim() !== '' ? preview : null;
  return (
    <div className="sf-template">
      {options.single ? (
        <input {...common} type="text" onChange={(e) => onChange(e.target.value)} />
      ) : (
        <textarea {...common} rows={options.rows ?? 3} onChange={(e) => onChange(e.target.value)} />
      )}
      {!disabled && !readonly && preview && preview.tags.length > 0 && (
        <div
          className="sf-template-tags"
          role="group"
          aria-label={options.labels?.tags ? t(options.labels.tags) : undefined}
        >
          {preview.tags.map((tag) => (
            <button key={tag} type="button" className="sf-template-tag" onClick={() => insert(tag)}>
              {`{${tag}}`}
            </button>
          ))}
        </div>
      )}
      {warning && !rawErrors?.length && (
        <p className="sf-template-warning" role="alert">
          {t(warning.key, warning.values)}
        </p>
      )}
      <div id={`${id}__preview`} className="sf-template-preview" aria-live="polite" hidden={!shown}>
        {shown && !options.single && options.labels?.preview && (
          <span className="sf-template-label">{t(options.labels.preview)}</span>
        )}
        {shown && <span className="sf-template-text">{shown.text}</span>}
        {shown?.footer && <span className="sf-template-footer">{shown.footer}</span>}
        {shown?.notes.map((note) => (
          <span key={note.key} className="sf-template-note">
            {t(note.key, note.values)}
          </span>
        ))}
      </div>
    </div>
  );
}
