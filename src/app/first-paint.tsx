import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { preloadScreenCode, type Preloaded } from '@soloist/renderer';
import { muiScreenKinds } from '@soloist/renderer/mui';
import { screenWidgets } from '../widgets';
import { App } from './App';
import type { Locale } from './i18n';

/**
 * The server's first paint of a guest's page (the sign-in and its siblings): the app itself rendered to HTML with the
 * answers the page carries, so a phone shows the form before the app's code has arrived; the browser then takes over
 * the same markup (`hydrateRoot` in index.tsx). Built for Node (webpack's second configuration) and loaded by the
 * server's web plugin. Nothing of a signed-in user is ever drawn here: the server asks only for guests.
 */

let ready: Promise<unknown> | undefined;
/** One render at a time: the texts' language is global to i18next, and a render awaits its code. */
let queue: Promise<unknown> = Promise.resolve();

/** The page's markup inside `#root`, emotion's styles inline beside the elements they style. */
export function firstPaint(url: string, preloaded: Preloaded, locale: Locale): Promise<string> {
  const run = queue.then(() => paint(url, preloaded, locale));
  queue = run.catch(() => undefined);
  return run;
}

async function paint(url: string, preloaded: Preloaded, locale: Locale): Promise<string> {
  ready ??= i18next.use(initReactI18next).init({
    lng: locale,
    fallbackLng: 'en',
    resources: {},
    interpolation: { escapeValue: false },
  });
  await ready;
  const carried = preloaded[`/api/v1/ui/locales/${locale}?first`] ?? preloaded[`/api/v1/ui/locales/${locale}`];
  if (carried?.status !== 200) throw new Error(`the page carries no ${locale} texts`);
  i18next.addResourceBundle(locale, 'translation', carried.body, true, true);
  await Promise.all([
    i18next.changeLanguage(locale),
    preloadScreenCode(preloaded, { screenKinds: muiScreenKinds, screenWidgets }),
  ]);
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={url}>{children}</StaticRouter>;
  // Every part in place, however large: React would otherwise send a large part apart, with an inline script to put
  // it in place, which the CSP refuses.
  const { prelude } = await prerenderToNodeStream(<App preloaded={preloaded} Router={Router} />, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  if (PENDING.test(html)) throw new Error(`${url}: a part of the page was sent apart`);
  return html;
}

/** What React sends for a part that was not ready: its placeholder and the script that swaps it in. */
const PENDING = /<!--\$\?-->|<script/;
