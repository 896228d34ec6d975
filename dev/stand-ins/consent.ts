/**
 * Development and tests only: answers a local stand-in's consent page as a person would — reads the page's form (its
 * relative action, its fields with their values), fills in `fields`, presses Allow (or Deny) and returns where the
 * stand-in sends the browser back (the app's OAuth callback, with `code` and `state`). Works for the local Stripe,
 * Square and Zoom pages, which all write their forms the same plain way.
 */
export async function answerLocalConsent(
  pageUrl: string,
  fields: Record<string, string> = {},
  decision: 'allow' | 'deny' = 'allow',
): Promise<string> {
  const answer = await submitPageForm(pageUrl, fields, decision);
  const location = answer.headers.get('location');
  if (!location) throw new Error(`The consent form answered ${answer.status} without sending the browser back.`);
  return location;
}

/**
 * Submits a local stand-in's page form (a consent page, a payment page) as a browser would: its fields as the page
 * fills them, `fields` typed over them, and the submit button whose value is `button` when one is named. The answer
 * is returned unfollowed (a redirect's `location` says where the browser goes next).
 */
export async function submitPageForm(
  pageUrl: string,
  fields: Record<string, string> = {},
  button?: string,
): Promise<Response> {
  const page = await fetch(pageUrl);
  const html = await page.text();
  if (!page.ok) throw new Error(`The consent page answered ${page.status}: ${html.slice(0, 200)}`);
  const form = /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) throw new Error('The consent page has no form.');
  const body = new URLSearchParams();
  for (const input of form[2].matchAll(/<input\b[^>]*>/gi)) {
    const name = attribute(input[0], 'name');
    if (name) body.set(name, attribute(input[0], 'value') ?? '');
  }
  for (const tag of form[2].matchAll(/<button\b[^>]*>/gi)) {
    const name = attribute(tag[0], 'name');
    const value = attribute(tag[0], 'value');
    if (name && button && value?.toLowerCase() === button) body.set(name, value);
  }
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return fetch(new URL(unescape(form[1]), page.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
    redirect: 'manual',
  });
}

const unescape = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

function attribute(tag: string, name: string): string | null {
  const m = new RegExp(`\\b${name}="([^"]*)"`, 'i').exec(tag);
  return m ? unescape(m[1]) : null;
}
