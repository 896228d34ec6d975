import { listState, withChanges } from '../../../packages/renderer/core/list-state';

const screen = {
  views: ['list', 'table'] as Array<'list' | 'table'>,
  tabs: [
    { label: 'a', params: { scope: 'active' } },
    { label: 'b', params: { scope: 'trial' } },
  ],
};
const state = (url: string, archivable = true) => listState(screen, new URLSearchParams(url), archivable);

describe('a list screen keeps its state in the URL', () => {
  it('starts on the first view, page 1 of 25, the first tab, active records', () => {
    expect(state('')).toMatchObject({
      view: 'list',
      page: 1,
      perPage: 25,
      archived: false,
      search: '',
      tab: 0,
      query: { page: 1, per_page: 25, search: '', archived: 0, scope: 'active' },
    });
  });

  it('reads what the URL asks for', () => {
    expect(state('view=table&page=3&per_page=50&sort=-created_at&search=ann&archived=1&tab=1')).toMatchObject({
      view: 'table',
      page: 3,
      perPage: 50,
      sort: '-created_at',
      search: 'ann',
      archived: true,
      tab: 1,
      query: { page: 3, per_page: 50, sort: '-created_at', search: 'ann', archived: 1, scope: 'trial' },
    });
  });

  it.each([
    ['view=gallery', { view: 'list' }],
    ['page=0', { page: 1 }],
    ['page=-4', { page: 1 }],
    ['page=abc', { page: 1 }],
    ['page=2.7', { page: 2 }],
    ['per_page=1000', { perPage: 25 }],
    ['per_page=Infinity', { perPage: 25 }],
    ['tab=9', { tab: 1 }],
    ['tab=-1', { tab: 0 }],
  ])('corrects %s', (url, expected) => {
    expect(state(url)).toMatchObject(expected);
  });

  it('asks a list that cannot archive nothing about archiving', () => {
    expect(state('archived=1', false).query).not.toHaveProperty('archived');
  });

  it('drops emptied values from the URL and keeps the rest', () => {
    expect(
      withChanges(new URLSearchParams('search=ann&page=3&view=table'), {
        search: '',
        page: undefined,
        sort: 'title',
      }).toString(),
    ).toBe('view=table&sort=title');
  });
});
