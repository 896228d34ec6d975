import i18next from 'i18next';
import type { ReactElement } from 'react';
import type { WizardApi } from '../../packages/renderer/react/context';
import { HttpError } from '../../packages/renderer/core/rest';
import en from '../../src/locales/en.json';
import uk from '../../src/locales/uk.json';
import { productManifest } from './product-manifest';
import { rendererContext, renderScreen } from './renderer-context';

/** The app's texts through i18next itself (its plural rules per language), as the browser has them. */
export async function translatorIn(lng: 'en' | 'uk') {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng,
    fallbackLng: 'en',
    resources: { en: { translation: en }, uk: { translation: uk } },
    interpolation: { escapeValue: false },
  });
  return (key: string, values?: Record<string, unknown>) => String(i18n.t(key, values as never));
}

/** An answer of the fake server: a body (200), or an HttpError to throw. */
export type Answer = unknown;
export type Handler = (body: Record<string, unknown> | undefined) => Answer;

/**
 * A REST client answering `METHOD /path` (the path without its query string) from `routes`; every call is kept in
 * `calls`. An unknown route fails the test loudly.
 */
export function fakeRest(routes: Record<string, Handler>) {
  const calls: Array<{ method: string; path: string; body: Record<string, unknown> | undefined }> = [];
  async function send<T>(method: string, path: string, body?: unknown): Promise<T> {
    calls.push({ method, path, body: body as Record<string, unknown> | undefined });
    const handler = routes[`${method} ${path.split('?')[0]}`];
    if (!handler) throw new Error(`no fake answer for ${method} ${path}`);
    const answer = handler(body as Record<string, unknown> | undefined);
    if (answer instanceof HttpError) throw answer;
    return answer as T;
  }
  return {
    calls,
    rest: { send, getJson: <T,>(path: string) => send<T>('GET', path), peek: () => undefined },
  };
}

/** A 422 as the server answers a refused field. */
export const refused = (field: string, message: string) =>
  new HttpError(422, { message, errors: { [field]: [message] } });

/** A wizard step's API with `data`; what the step asks of the wizard is recorded. */
export function wizardApi(data: Record<string, unknown>, params: Record<string, string> = { slug: 'hart-studio' }) {
  const asked: { next: unknown[]; update: unknown[]; restart: unknown[]; plain: boolean[] } = {
    next: [],
    update: [],
    restart: [],
    plain: [],
  };
  const api: WizardApi = {
    data,
    params,
    step: { id: 'step', title: 'step', widget: 'w' },
    update: (patch) => void asked.update.push(patch),
    next: (patch) => void asked.next.push(patch),
    back: () => undefined,
    restart: (fresh) => void asked.restart.push(fresh),
    plain: (on) => void asked.plain.push(on),
  };
  return { api, asked };
}

/** Renders a booking widget with the app's texts in `lng` and the fake REST client. */
export async function renderBooking(
  element: ReactElement,
  rest: ReturnType<typeof fakeRest>['rest'],
  lng: 'en' | 'uk' = 'en',
  path = '/online-booking/hart-studio',
) {
  const t = await translatorIn(lng);
  return renderScreen(
    element,
    rendererContext({ rest: rest as never, manifest: productManifest(), t, locale: lng === 'en' ? 'en-GB' : 'uk' }),
    path,
  );
}
