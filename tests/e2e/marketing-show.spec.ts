import { expect, login, test } from './fixtures';

/**
 * A campaign the browser opens to edit is read where the spec puts one campaign (GET /marketing/show/{id}, the
 * resource's `showPath`), not at the generic `/marketing/{id}`.
 */
test('the demo owner edits a draft campaign, read at /api/v1/marketing/show/{id}', async ({ page, cspViolations }) => {
  void cspViolations;
  await login(page);
  const drafts = (await (await page.request.get('/api/v1/marketing?search=Birthday')).json()).data as Array<{
    id: number;
    name: string;
  }>;
  const draft = drafts.find((c) => c.name === 'Birthday treat')!;
  const reads: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'GET' && /\/api\/v1\/marketing\/(show\/)?\d+$/.test(new URL(r.url()).pathname))
      reads.push(new URL(r.url()).pathname);
  });
  await page.goto(`/marketing/form/${draft.id}`);
  await expect(page.getByLabel('Campaign name')).toHaveValue('Birthday treat');
  expect(reads).toEqual([`/api/v1/marketing/show/${draft.id}`]);
});
