import { useContext, useMemo, useRef } from 'react';
import useSWR from 'swr';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useRenderer } from '../../../renderer';
import { dayInWords } from '../../domain/dates-in-words';
import { fillTemplate, TEMPLATE_TAGS, unknownTags, type MessageType } from '../../domain/message-templates';
import { smsSize } from '../../domain/sms';
import { WidgetHostContext } from '../host';
import './notifications.css';

type T = (key: string, options?: Record<string, unknown>) => string;

/** How the owner's messages name the business and link its booking page (GET /user/message-voice). */
interface Voice {
  business_name: string;
  booking_link: string;
}

/**
 * What the preview fills the tags with: a made-up client and tomorrow at ten, with the business's name and booking
 * page as its messages give them (until those are read: the owner's name and a sample address).
 */
function sampleValues(t: T, locale: string, owner: string, voice: Voice | undefined): Record<string, string> {
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const link = voice
    ? voice.booking_link
    : `${window.location.origin}/online-booking/${t('notifications.sample.slug')}`;
  return {
    client_first_name: t('notifications.sample.firstName'),
    client_last_name: t('notifications.sample.lastName'),
    date: dayInWords(locale, tomorrow),
    time: '10:00',
    service: t('notifications.sample.service'),
    location: t('notifications.sample.location'),
    business_name: voice?.business_name || owner,
    manage_link: link,
    booking_link: link,
  };
}

/**
 * A message template field (`"ui:widget": "message-template"`, options `kind` — reminder, thank_you, marketing —
 * `channel` — sms, email, or any when the form chooses — and `part` — text or subject): the text, the tags of its kind to insert at the cursor
 * (spec §5: tags are copied exactly, so they are inserted rather than typed), a warning naming any tag that is not
 * one, and a live preview filled with a sample client; for an SMS, its size as carriers count it (GSM-7 or UCS-2,
 * parts) and the credits it costs per client — the same count the server spends.
 */
export default function MessageTemplate(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, options, rawErrors } = props;
  const context = (props.registry.formContext ?? {}) as { t?: T; locale?: string; values?: Record<string, unknown> };
  const t: T = context.t ?? ((k) => k);
  const locale = context.locale ?? 'en';
  // The owner's name stands for the business in the preview (a form outside the app has none).
  const user = useContext(WidgetHostContext)?.user;
  const { rest } = useRenderer();
  const kind = (options.kind as MessageType) ?? 'reminder';
  // `any`: the form chooses the channel (a campaign) — in the field `channelField` names, once chosen; until then the
  // preview gives the cost both ways.
  const chosen = typeof options.channelField === 'string' ? context.values?.[options.channelField] : undefined;
  const asked = options.channel === 'any' && (chosen === 'sms' || chosen === 'email') ? chosen : options.channel;
  const channel = asked === 'email' ? 'email' : asked === 'any' ? 'any' : 'sms';
  const subject = options.part === 'subject';
  const text = typeof value === 'string' ? value : '';
  const field = useRef<HTMLTextAreaElement & HTMLInputElement>(null);
  const owner = user ? `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim() : '';
  const { data: voiceData } = useSWR(user ? '/api/v1/user/message-voice' : null, (path: string) =>
    rest.getJson<{ data: Voice }>(path),
  );
  const voice = voiceData?.data;
  const sample = useMemo(() => sampleValues(t, locale, owner, voice), [t, locale, owner, voice]);
  const footerPath = typeof options.footer === 'string' && !subject && channel !== 'email' ? options.footer : null;
  const { data: footerData } = useSWR(footerPath, (path: string) => rest.getJson<{ data: { text: string } }>(path));
  const footer = footerData?.data.text ?? '';
  const wrong = unknownTags(text, kind);
  const filled = fillTemplate(text, sample).trim();
  const size = channel === 'email' ? null : smsSize(footer ? `${filled}\n${footer}` : filled);

  /** Puts the tag where the cursor is (or at the end), and the cursor after it. */
  const insert = (tag: string) => {
    const el = field.current;
    const at = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? at;
    const next = `${text.slice(0, at)}{${tag}}${text.slice(end)}`;
    onChange(next);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + tag.length + 2, at + tag.length + 2);
    });
  };

  const common = {
    id,
    name: id,
    ref: field,
    className: `sf-input${subject ? '' : ' sf-textarea'}`,
    value: text,
    disabled,
    readOnly: readonly,
    'aria-invalid': (rawErrors?.length ?? 0) > 0 || wrong.length > 0 || undefined,
    'aria-describedby': `${ariaDescribedByIds(id)} ${id}__preview`,
    onBlur: () => onBlur(id, text),
    onFocus: () => onFocus(id, text),
  };
  return (
    <div className="sn-template">
      {subject ? (
        <input {...common} type="text" onChange={(e) => onChange(e.target.value)} />
      ) : (
        <textarea {...common} rows={channel === 'email' ? 6 : 3} onChange={(e) => onChange(e.target.value)} />
      )}
      {!disabled && !readonly && (
        <div className="sn-tags" role="group" aria-label={t('notifications.insertTag')}>
          {TEMPLATE_TAGS[kind].map((tag) => (
            <button key={tag} type="button" className="sn-tag" onClick={() => insert(tag)}>
              {`{${tag}}`}
            </button>
          ))}
        </div>
      )}
      {wrong.length > 0 && !rawErrors?.length && (
        <p className="sn-warning" role="alert">
          {t('notifications.unknownTags', { tags: wrong.join(', '), count: wrong.length })}
        </p>
      )}
      <div id={`${id}__preview`} className="sn-preview" aria-live="polite" hidden={filled === ''}>
        {!subject && <span className="sn-preview-label">{t('notifications.preview')}</span>}
        <span className="sn-preview-text">{subject ? fillTemplate(text, sample) : filled}</span>
        {footer && <span className="sn-preview-footer">{footer}</span>}
        {!subject && size && (
          <span className="sn-size">
            {t('notifications.smsSize', {
              count: size.parts,
              characters: size.characters,
              encoding: size.encoding,
              credits: size.parts,
            })}
          </span>
        )}
        {!subject && channel !== 'sms' && <span className="sn-size">{t('notifications.emailSize')}</span>}
      </div>
    </div>
  );
}
