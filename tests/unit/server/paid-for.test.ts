import fs from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { paidForText } from '../../../src/server/features/billing/paid-for';

const texts = (lng: string) =>
  JSON.parse(fs.readFileSync(path.join(__dirname, `../../../src/locales/${lng}.json`), 'utf8'));

it('says what a payment was for in the owner language, plural forms and all', async () => {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: 'uk', resources: { en: { translation: texts('en') }, uk: { translation: texts('uk') } } });
  const uk = i18n.getFixedT('uk');
  const en = i18n.getFixedT('en');
  expect(paidForText(en, { kind: 'plan', id: 'premium-monthly' })).toBe('Premium · Monthly');
  expect(paidForText(uk, { kind: 'plan', id: 'lite-annual' })).toBe('Lite · Щороку');
  expect(paidForText(en, { kind: 'bundle', id: 'sms-100' })).toBe('100 SMS credits');
  expect(paidForText(uk, { kind: 'bundle', id: 'sms-50' })).toBe('50 SMS-кредитів');
  expect(paidForText(uk, { kind: 'bundle', id: 'email-1000' })).toBe('1000 email-кредитів');
  expect(paidForText(en, { kind: 'addon', id: 'tax' })).toMatch(/^Add-on: /);
  expect(paidForText(en, { kind: 'plan', id: 'gold-monthly' })).toBeNull();
  expect(paidForText(en, null)).toBeNull();
});
