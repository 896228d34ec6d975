import type { TFunction } from 'i18next';
import type { Action, Subject } from '../../../permissions/subjects';

/** A value translated in the caller's language when the refusal is answered: a field's label, say. */
export class Label {
  constructor(readonly key: string) {}
}

/**
 * Every refusal a service or handler makes, in the spec's words: the HTTP status, the i18n key of its message,
 * the message's values (a `Label` is translated too) and, for a 422, the field it concerns. A permission refusal
 * names the action and subject instead, so its words come from the deciding rule. plugins/errors.ts is the one
 * place that turns it into a response.
 * @example throw new DomainError(422, 'booking.holdExpired', {}, 'hold');
 */
export class DomainError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    readonly values: Record<string, unknown> = {},
    readonly field?: string,
    readonly more: {
      permission?: { action: Action; subject: Subject | object };
      fields?: Record<string, Message>;
    } = {},
  ) {
    super(key);
  }

  /** The message in the language of `t`. */
  textIn(t: TFunction): string {
    return translate(t, { key: this.key, values: this.values });
  }
}

/** A message key and its values. */
export interface Message {
  key: string;
  values?: Record<string, unknown>;
}

/** A message in the language of `t`, its `Label` values translated too. */
export function translate(t: TFunction, message: Message): string {
  const values = Object.fromEntries(
    Object.entries(message.values ?? {}).map(([k, v]) => [k, v instanceof Label ? t(v.key) : v]),
  );
  return t(message.key, values);
}

/** 404 in the spec's words: the record does not exist, or is not the caller's to see. */
export const notFound = (key = 'errors.notFound') => new DomainError(404, key);

/** 422 on one field. */
export const invalid = (field: string, key: string, values: Record<string, unknown> = {}) =>
  new DomainError(422, key, values, field);

/** 422 on several fields at once (a form checked against the database), one message each. */
export const invalidFields = (fields: Record<string, Message>) =>
  new DomainError(422, 'validation.failed', {}, undefined, { fields });

/** 403 with the deciding rule's reason (the plan that offers the feature, read-only mode), as `reply.forbid` answers. */
export const forbidden = (action: Action, subject: Subject | object) =>
  new DomainError(403, 'auth.forbidden', {}, undefined, { permission: { action, subject } });
