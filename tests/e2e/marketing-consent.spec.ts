import { expect, login, test } from './fixtures';

// UK/EU rules: marketing messages need the client's explicit opt-in, so a new client starts without them.
test('a new client’s form leaves "Marketing messages" unticked', async ({ page, cspViolations }) => {
  void cspViolations;
  await login(page);
  await page.goto('/clients/form');
  const box = page.getByRole('checkbox', { name: 'Marketing messages' });
  await expect(box).toBeVisible();
  await expect(box).not.toBeChecked();
  // The reminders the client asked for by booking stay on by default.
  await expect(page.getByRole('checkbox', { name: 'Email reminders' })).toBeChecked();
});
