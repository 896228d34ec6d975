import { expect, login, test } from './fixtures';
import { addressesOf, axeProblems, manifestOf, measure, settle, type SweptScreen } from './sweep';

/**
 * Every declared screen of the signed-in areas, opened as its user opens it, at a desk's width and a phone's, in
 * English and Ukrainian. One sweep guards whole classes of defects no single screen's test would see:
 *  - at 1366 px the content uses the main area: lists, tables, pages and dashboards at least 85 % of its
 *    width, forms, details and wizards at least 70 %; nothing scrolls sideways;
 *  - at 390 px the page is no wider than the phone;
 *  - no text on screen is a raw key (`screens.booking.confirmation`);
 *  - axe finds nothing serious or critical (at both widths, in English).
 */

const DESK = { width: 1366, height: 800 };
const PHONE = { width: 390, height: 844 };

/**
 * Lists, tables, pages (one widget across the main area: the calendar, the checkout, business hours) and boards of
 * figures and charts fill the row (85 %); a form, a record, a wizard or a settings board made of widgets may leave a
 * margin (70 %).
 */
function least(s: SweptScreen, table: boolean): number {
  const board = s.kind === 'dashboard' && !(s.cards ?? []).every((c) => c.widget && !c.figure && !c.chart);
  return s.kind === 'list' || s.kind === 'page' || board || table ? 0.85 : 0.7;
}

/** `parts`: the tests a role's screens are shared between, each of some twenty screens (the owner has some seventy). */
const roles = [
  { who: 'owner', email: 'owner@demo.test', area: 'business', parts: 4 },
  { who: 'admin', email: 'admin@demo.test', area: 'admin', parts: 1 },
  { who: 'affiliate', email: 'affiliate@demo.test', area: 'affiliate', parts: 1 },
] as const;

// One test per role, language, width and part of the role's screens (every `parts`-th screen), so that the browser
// tests' sweep workers share them out evenly (playwright.config.ts) and a slow machine does not run one test for long.
for (const { who, email, area, parts } of roles) {
  for (const locale of ['en', 'uk'] as const) {
    for (const viewport of [DESK, PHONE]) {
      for (let part = 0; part < parts; part += 1) {
        const checks = viewport === DESK ? 'drawn across a desk' : 'within a phone';
        const of = parts > 1 ? ` (part ${part + 1} of ${parts})` : '';
        test(`every ${who} screen in ${locale} at ${viewport.width} px${of}: ${checks}, no raw keys${locale === 'en' ? ', no axe violations' : ''}`, async ({
          page,
          context,
          cspViolations,
        }) => {
          void cspViolations;
          test.setTimeout(600_000);
          await page.setViewportSize(viewport);
          await login(page, email);
          await context.addCookies([{ name: 'locale', value: locale, url: page.url() }]);
          const problems: string[] = [];
          const addresses = await addressesOf(page, await manifestOf(page), area);
          for (const { screen, path } of addresses.filter((_, i) => i % parts === part)) {
            const label = `${path} at ${viewport.width}`;
            await page.goto(path);
            await settle(page);
            const { keys, width, main } = await measure(page, viewport === DESK);
            if (main) {
              const want = least(screen, main.table);
              if (main.share < want)
                problems.push(`${label}: content ${Math.round(main.share * 100)} % wide (≥ ${want * 100} %)`);
              if (main.sideways.length) problems.push(`${label}: scrolls sideways (${main.sideways.join(', ')})`);
            } else if (width > viewport.width) problems.push(`${label}: the page is ${width} px wide`);
            if (keys.length) problems.push(`${label}: raw keys ${keys.join(', ')}`);
            if (locale === 'en') problems.push(...(await axeProblems(page, label)));
          }
          expect(problems).toEqual([]);
        });
      }
    }
  }
}
