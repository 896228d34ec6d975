import { loggedIn, testApp, type TestApp } from './../helpers/app';
import { publishDraft, saveDraft } from './../helpers/ui-drafts';

/**
 * An admin changes a tour step's text (op set-tour-text, target `tour[id=…]`): plain text in each language, served to
 * every user once published; the step keeps its target and title, and a step or a tour that is not there is refused.
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const change = (target: string, value: unknown, screen = 'clients.list') => ({
  op: 'set-tour-text',
  screen,
  target,
  value,
});
const words = { en: 'Search by name, email or phone.', uk: 'Шукайте за ім’ям, поштою чи телефоном.' };

describe('a tour step’s text', () => {
  it('is changed in words in the draft, and served to owners with the step’s place and title kept', async () => {
    const { agent } = await loggedIn(t.app, { is_admin: 1 });
    expect((await saveDraft(agent, [change('tour[id=search]', words)])).statusCode).toBe(200);
    const diff = (await agent.get('/api/v1/admin/ui/diff')).json().data as string[];
    expect(diff).toEqual([`Clients · tour step ‘Find anyone fast’: text ‘${words.en}’`]);
    await publishDraft(agent, 'Shorter search step');

    const { agent: owner } = await loggedIn(t.app);
    const steps = (await owner.get('/api/v1/ui/screens/clients.list')).json().data.tour.steps as Array<
      Record<string, string>
    >;
    const step = steps.find((s) => s.id === 'search')!;
    expect(step).toMatchObject({ target: 'search', title: 'tours.clients.search.title' });
    expect(step.text).toMatch(/^overlay\./);
    for (const [lng, text] of Object.entries(words)) {
      const texts = (await owner.get(`/api/v1/ui/locales/${lng}`)).json();
      const value = step.text.split('.').reduce((node: Record<string, unknown>, k) => node[k] as never, texts);
      expect(value).toBe(text);
    }
    // The other steps keep their shipped texts.
    expect(steps.find((s) => s.id === 'import')!.text).toBe('tours.clients.import.text');
  });

  it('refuses a step that is not there, a screen without a tour, and text that is not plain', async () => {
    const { agent } = await loggedIn(t.app, { is_admin: 1 });
    const refusals: Array<[unknown, string]> = [
      [change('tour[id=nowhere]', words), 'changes/0/target'],
      [change('tour[id=search]', words, 'clients.form'), 'changes/0/target'],
      [change('tour[id=search]', { en: '<b>Search</b>' }), 'changes/0/value'],
      [change('tour[id=search]', { en: 'Hello {{name}}' }), 'changes/0/value'],
    ];
    for (const [c, path] of refusals) {
      const res = await saveDraft(agent, [c]);
      expect({ c, status: res.statusCode, errors: Object.keys(res.json().errors ?? {}) }).toEqual({
        c,
        status: 422,
        errors: [path],
      });
    }
  });
});
