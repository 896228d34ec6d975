import { numberedSlug, slugFrom } from '../../../src/domain/slug';

describe('a page address from a name', () => {
  it.each([
    ['Hart & Co Studio', 'hart-and-co-studio'],
    ['  Café Crème!! ', 'cafe-creme'],
    ['Юлія Згурська', 'yuliia-zghurska'],
    ['Євген Андрійович', 'yevhen-andriiovych'],
    ['Студія «Ї»', 'studiia-yi'],
    ['Щастя в п’ятницю', 'shchastia-v-piatnytsiu'],
    ['!!!', ''],
  ])('%j → %j', (name, slug) => expect(slugFrom(name)).toBe(slug));

  it('keeps a long name within the address’s length, cut at a word, with room for a number', () => {
    const slug = slugFrom('The Very Long Name Of A Beauty And Wellbeing Studio In Manchester City Centre');
    expect(slug.length).toBeLessThanOrEqual(44);
    expect(slug).toMatch(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/);
    expect(numberedSlug(slug, 12).length).toBeLessThanOrEqual(48);
    expect(numberedSlug('hart', 1)).toBe('hart');
  });
});
