import { formFieldsOf, tourProblems } from '../../../../src/server/engine/tour-checks';
import type { Screen } from '../../../../src/server/engine/schema-registry';

const step = (id: string, target: string) => ({ id, target, title: 'tours.x.title', text: 'tours.x.text' });
const problemsOf = (screen: unknown, resourceFields: string[] = []) => {
  const found: string[] = [];
  tourProblems(
    screen as Screen,
    (where, msg) => found.push(`${where}: ${msg}`),
    formFieldsOf(screen as Screen, resourceFields),
  );
  return found;
};

describe('tourProblems', () => {
  const list = {
    id: 'clients.list',
    kind: 'list',
    route: '/clients/list',
    title: 'screens.clients.list.title',
    resource: 'clients',
    actions: [{ id: 'create', label: 'actions.newClient', kind: 'navigate', screen: 'clients.form' }],
  };

  it('accepts a tour whose steps are unique and whose ids name real parts', () => {
    expect(problemsOf({ ...list, tour: { steps: [step('new', 'action-create'), step('find', 'search')] } })).toEqual(
      [],
    );
  });

  it('refuses a step id used twice, naming the second', () => {
    expect(problemsOf({ ...list, tour: { steps: [step('find', 'search'), step('find', 'views')] } })).toEqual([
      'screens/clients.list#/tour/steps/1/id: step id "find" is used twice in the screen\'s tour',
    ]);
  });

  it('refuses a target naming an action or a card the screen does not have', () => {
    expect(problemsOf({ ...list, tour: { steps: [step('a', 'action-delete'), step('b', 'card-income')] } })).toEqual([
      'screens/clients.list#/tour/steps/0/target: the screen has no action-"delete" to point at',
      'screens/clients.list#/tour/steps/1/target: the screen has no card-"income" to point at',
    ]);
  });

  it('finds a dashboard’s links and cards by id', () => {
    const dashboard = {
      id: 'dashboard.home',
      kind: 'dashboard',
      links: [{ id: 'customise', label: 'x.y', kind: 'navigate', screen: 'a.b' }],
      cards: [{ id: 'income', title: 'x.y' }],
      tour: { steps: [step('a', 'action-customise'), step('b', 'card-income')] },
    };
    expect(problemsOf(dashboard)).toEqual([]);
  });

  describe('a form’s fields (field-<name>)', () => {
    const form = {
      id: 'appointments.online-booking',
      kind: 'form',
      route: '/appointments/online-booking',
      title: 'x.y',
      resource: 'booking-settings',
      uiSchema: { remember_days: { 'ui:widget': 'hidden' } },
    };
    const resourceFields = ['enabled', 'slug', 'remember_days'];

    it('accepts a field the form draws: its resource’s, or those its `fields` name', () => {
      const tour = { steps: [step('on', 'field-enabled'), step('save', 'submit')] };
      expect(problemsOf({ ...form, tour }, resourceFields)).toEqual([]);
      expect(problemsOf({ ...form, fields: ['enabled'], tour }, resourceFields)).toEqual([]);
    });

    it('refuses a field the form does not draw: unknown, hidden, or left out of its `fields`', () => {
      const tour = { steps: [step('a', 'field-nope'), step('b', 'field-remember_days'), step('c', 'field-slug')] };
      expect(problemsOf({ ...form, fields: ['enabled', 'remember_days'], tour }, resourceFields)).toEqual([
        'screens/appointments.online-booking#/tour/steps/0/target: the screen\'s form draws no field "nope" to point at',
        'screens/appointments.online-booking#/tour/steps/1/target: the screen\'s form draws no field "remember_days" to point at',
        'screens/appointments.online-booking#/tour/steps/2/target: the screen\'s form draws no field "slug" to point at',
      ]);
    });

    it('refuses a field target on a screen that is not a form', () => {
      expect(problemsOf({ ...list, tour: { steps: [step('a', 'field-first_name')] } }, ['first_name'])).toEqual([
        'screens/clients.list#/tour/steps/0/target: the screen\'s form draws no field "first_name" to point at',
      ]);
    });
  });
});
