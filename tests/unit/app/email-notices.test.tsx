import { act, fireEvent, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import en from '../../../src/locales/en.json';
import uk from '../../../src/locales/uk.json';
import { EmailNotices, RESEND_PATH } from '../../../src/app/EmailNotices';
import type { CurrentUser } from '../../../src/app/session';
import { renderScreen, rendererContext } from '../../helpers/renderer-context';

/** The owner's email verification in the shell: the notice with its resend button, and the link's landing. */
const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: en }, uk: { translation: uk } },
    interpolation: { escapeValue: false },
  });
});

const owner = (over: Partial<CurrentUser> = {}) =>
  ({
    email: 'ann@example.test',
    email_verified_at: null,
    impersonating: false,
    is_admin: false,
    ...over,
  }) as CurrentUser;

function mount(user: CurrentUser, path = '/dashboard') {
  const send = jest.fn(async () => ({ message: 'A fresh verification link has been sent to your email address.' }));
  const notify = jest.fn();
  renderScreen(
    <I18nextProvider i18n={i18n}>
      <EmailNotices user={user} />
    </I18nextProvider>,
    rendererContext({ rest: { send } as never, notify }),
    path,
  );
  return { send, notify };
}

describe('email verification in the shell', () => {
  it('asks an unverified owner to verify, naming the address, and sends the link again on request', async () => {
    const { send, notify } = mount(owner());
    expect(
      screen.getByText('Please verify your email address: open the link we sent to ann@example.test.'),
    ).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    });
    expect(send).toHaveBeenCalledWith('POST', RESEND_PATH);
    expect(RESEND_PATH).toBe('/api/email/verification-notification');
    expect(notify).toHaveBeenCalledWith('A fresh verification link has been sent to your email address.', 'success');
    expect(screen.getByRole('button', { name: 'Send it once more' })).toBeTruthy();
  });

  it('says nothing to a verified owner, nor to an admin signed in as someone', () => {
    mount(owner({ email_verified_at: '2026-11-01T10:00:00Z' }));
    mount(owner({ impersonating: true }));
    expect(screen.queryByText(/verify your email/)).toBeNull();
  });

  it('says "Email verified" where the link lands', () => {
    mount(owner({ email_verified_at: '2026-11-01T10:00:00Z' }), '/dashboard?verified=1');
    expect(screen.getByRole('status').textContent).toBe('Email verified');
  });
});
