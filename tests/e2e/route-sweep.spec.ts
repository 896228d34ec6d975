import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, login, test } from './fixtures';
import { addressesOf, manifestOf, measureMain, pageWidth, rawKeys, settle, type SweptScreen } from './sweep';

/**
 * Every declared screen of the signed-in areas, opened as its user opens it, at a desk's width and a phone's, in
 * English and Ukrainian. One sweep guards whole classes of defects no single screen's test would see:
 *  - at 1366 px the content uses the main area: lists, tables, the calendar and dashboards at least 85 % of its
 *    width, forms, details and wizards at least 70 %; nothing scrolls sideways;
 *  - at 390 px the page is no wider than the phone;
 *  - no text on screen is a raw key (`screens.booking.confirmation`);
 *  - axe finds nothing serious or critical (at both widths, in English).
 */

const DESK = { width: 1366, height: 800 };
const PHONE = { width: 390, height: 844 };

/**
 * Lists, tables, the calendar and boards of figures and charts fill the row (85 %); a form, a record, a wizard or a
 * settings page made of widgets may leave a margin (70 %).
 */
function least(s: SweptScreen, table: boolean): number {
  const board = s.kind === 'dashboard' && !(s.cards ?? []).every((c) => c.widget && !c.figure && !c.chart);
  return s.kind === 'list' || board || table ? 0.85 : 0.7;
}

async function axeProblems(page: Page, label: string): Promise<string[]> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: axe ${v.id} ${v.nodes.map((n) => n.target.join(' ')).slice(0, 2)}`);
}

const roles = [
  { who: 'owner', email: 'owner@demo.test', area: 'business' },
  { who: 'admin', email: 'admin@demo.test', area: 'admin' },
  { who: 'affiliate', email: 'affiliate@demo.test', area: 'affiliate' },
] as const;

for (const { who, email, area } of roles) {
  for (const locale of ['en', 'uk'] as const) {
    test(`every ${who} screen in ${locale}: drawn across a desk, within a phone, no raw keys${locale === 'en' ? ', no axe violations' : ''}`, async ({
      page,
      context,
      cspViolations,
    }) => {
      void cspViolations;
      test.setTimeout(600_000);
      await page.setViewportSize(DESK);
      await login(page, email);
      await context.addCookies([{ name: 'locale', value: locale, url: page.url() }]);
      const problems: string[] = [];
      const addresses = await addressesOf(page, await manifestOf(page), area);
      for (const viewport of [DESK, PHONE]) {
        await page.setViewportSize(viewport);
        for (const { screen, path } of addresses) {
          const label = `${path} at ${viewport.width}`;
          await page.goto(path);
          await settle(page);
          if (viewport === DESK) {
            const { share, sideways, table } = await measureMain(page);
            const want = least(screen, table);
            if (share < want) problems.push(`${label}: content ${Math.round(share * 100)} % wide (≥ ${want * 100} %)`);
            if (sideways.length) problems.push(`${label}: scrolls sideways (${sideways.join(', ')})`);
          } else {
            const width = await pageWidth(page);
            if (width > viewport.width) problems.push(`${label}: the page is ${width} px wide`);
          }
          const keys = await rawKeys(page);
          if (keys.length) problems.push(`${label}: raw keys ${keys.join(', ')}`);
          if (locale === 'en') problems.push(...(await axeProblems(page, label)));
        }
      }
      expect(problems).toEqual([]);
    });
  }
}
