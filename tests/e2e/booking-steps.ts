import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** The code the client received: the e2e server has no mail server, so messages wait in its outbox. */
export function lastCode(to: string): string {
  const db = new Database(path.resolve('data/e2e/soloist.db'), { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('select body from outbox where recipient = ? order by id desc limit 1').get(to) as
      { body: string } | undefined;
    return /\b(\d{6})\b/.exec(row?.body ?? '')![1];
  } finally {
    db.close();
  }
}

/** Picks the first free time of the chosen day in the booking page's slot picker: its date and its time. */
export async function chooseFirstTime(page: Page): Promise<{ date: string; time: string }> {
  const first = page.getByRole('button', { name: /^\d{2}:\d{2}$/ }).first();
  await expect(first).toBeVisible();
  const date = (await page.locator('[role=option][data-date][aria-selected=true]').getAttribute('data-date'))!;
  const time = (await first.textContent())!;
  await first.click();
  return { date, time };
}
