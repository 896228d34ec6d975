import { escapeHtml } from '../stripe/http';
import type { StoredMeeting } from './state';

/**
 * The look of the stand-in's pages: styles in one `<style>` element and no script, so they meet the CSP
 * `local-zoom.ts` sends (`default-src 'none'; style-src 'unsafe-inline'`); one column that fits 390 px.
 */
const STYLE = `body{font-family:system-ui,sans-serif;max-width:420px;margin:0 auto;padding:24px 16px;color:#1f2933}
h1{font-size:1.25rem;margin:8px 0}label{display:block;margin:16px 0 4px}
input{width:100%;box-sizing:border-box;padding:12px;font-size:1rem;border:1px solid #9aa5b1;border-radius:6px}
.actions{display:grid;grid-template-columns:1fr 1fr;gap:12px;margin-top:20px}
button{width:100%;padding:14px;font-size:1rem;border-radius:6px;border:1px solid #0b5cff;background:#0b5cff;color:#fff}
button.secondary{background:#fff;color:#0b5cff}.error{color:#b00020}.note{color:#52606d;font-size:.875rem}`;

const NOTE = 'Test page of the local Zoom stand-in: no real Zoom account is used.';

/** A page's HTML: `title` in the tab, `body` inside `<main>`. */
const pageHtml = (title: string, body: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style></head>
<body><main><p class="note">${escapeHtml(NOTE)}</p>${body}</main></body></html>`;

/** What the consent form carries through: the authorisation request as the app made it. */
export interface ConsentRequest {
  clientId: string;
  redirectUri: string;
  state: string;
}

/**
 * The consent page: the app asks to connect, the owner names the demo account (display name and email) and allows
 * or denies (Allow first, so Enter in a field allows). The form posts back to where the page was found (the relative `authorize`), so it works wherever a
 * proxy serves the page; Deny skips the fields' checks. `typed` keeps what was typed when `problem` is shown.
 */
export function consentPage(
  request: ConsentRequest,
  typed: { displayName: string; email: string },
  problem?: { field: 'display_name' | 'email'; message: string },
): string {
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const described = (field: string) =>
    problem?.field === field ? ' aria-describedby="problem" aria-invalid="true"' : '';
  const error = problem ? `<p class="error" role="alert" id="problem">${escapeHtml(problem.message)}</p>` : '';
  return pageHtml(
    'Connect Soloist to Zoom',
    `<h1>Soloist wants to connect to your Zoom account</h1>
<p>Soloist will see your name and email, and schedule, change and delete Zoom meetings for your appointments.</p>${error}
<form method="post" action="authorize">
${hidden('response_type', 'code')}${hidden('client_id', request.clientId)}${hidden('redirect_uri', request.redirectUri)}${hidden('state', request.state)}
<label for="display_name">Display name</label>
<input id="display_name" name="display_name" autocomplete="name" value="${escapeHtml(typed.displayName)}" required${described('display_name')}>
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" value="${escapeHtml(typed.email)}" required${described('email')}>
<div class="actions"><button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny" class="secondary" formnovalidate>Deny</button></div></form>`,
  );
}

/** A page saying why the authorisation request cannot be shown (an unknown app, a missing redirect URI). */
export const errorPage = (message: string): string =>
  pageHtml(
    'Zoom: something is wrong',
    `<h1>This app cannot connect</h1><p class="error" role="alert">${escapeHtml(message)}</p>`,
  );

/** Where a meeting's join or start link leads: what the meeting is, since there is no real meeting to join. */
export function meetingPage(meeting: StoredMeeting | undefined, asHost: boolean): string {
  if (!meeting || meeting.deleted)
    return pageHtml('Zoom meeting', '<h1>This meeting does not exist</h1><p>It may have been deleted.</p>');
  const starts = new Date(meeting.start_time).toUTCString();
  return pageHtml(
    meeting.topic,
    `<h1>${escapeHtml(meeting.topic)}</h1>
<p>${asHost ? 'You would now start this meeting as its host.' : 'You would now join this meeting.'}</p>
<p>Starts ${escapeHtml(starts)} (shown to the host in ${escapeHtml(meeting.timezone)}), ${meeting.duration} minutes.</p>
<p class="note">Meeting ID ${escapeHtml(meeting.id)}</p>`,
  );
}
