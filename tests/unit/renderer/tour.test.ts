import {
  selectTourSteps,
  stepsToRecord,
  tourStepKey,
  tourTargetSelector,
  type TourStepDef,
} from '../../../packages/renderer/core/tour';
import { createTourControl } from '../../../packages/renderer/react/tour/tour-control';

const steps: TourStepDef[] = [
  { id: 'new-client', target: 'action-create', title: 'tours.a.title', text: 'tours.a.text' },
  { id: 'search', target: 'search', title: 'tours.b.title', text: 'tours.b.text' },
  { id: 'views', target: 'views', title: 'tours.c.title', text: 'tours.c.text' },
];
const ids = (list: TourStepDef[]) => list.map((s) => s.id);
const all = () => true;

describe('tourStepKey', () => {
  it('names a step by its screen and its own id', () => {
    expect(tourStepKey('clients.list', 'search')).toBe('clients.list:search');
  });
});

describe('tourTargetSelector', () => {
  it('selects the element marked with the target', () => {
    expect(tourTargetSelector('action-create')).toBe('[data-tour="action-create"]');
  });
  it('cannot be made to leave the attribute value', () => {
    expect(tourTargetSelector('a"] , body [x="')).toBe('[data-tour="a] , body [x="]');
  });
});

describe('selectTourSteps', () => {
  it('offers every step, in order, to a user who has done none', () => {
    expect(ids(selectTourSteps('clients.list', steps, { done: new Set(), present: all }))).toEqual([
      'new-client',
      'search',
      'views',
    ]);
  });

  it('leaves out the steps the user has done', () => {
    const done = new Set(['clients.list:new-client', 'clients.list:views']);
    expect(ids(selectTourSteps('clients.list', steps, { done, present: all }))).toEqual(['search']);
  });

  it('offers nothing once every step is done, so the tour does not come back', () => {
    const done = new Set(steps.map((s) => tourStepKey('clients.list', s.id)));
    expect(selectTourSteps('clients.list', steps, { done, present: all })).toEqual([]);
  });

  it('reads done steps by screen: the same step id on another screen is not done', () => {
    const done = new Set(['dashboard.home:search']);
    expect(ids(selectTourSteps('clients.list', steps, { done, present: all }))).toContain('search');
  });

  it('leaves out a step whose target is not on the page (a plan or a permission hides it)', () => {
    const present = (target: string) => target !== 'action-create';
    expect(ids(selectTourSteps('clients.list', steps, { done: new Set(), present }))).toEqual(['search', 'views']);
  });

  it('shows done steps again when the user asks for the tour', () => {
    const done = new Set(steps.map((s) => tourStepKey('clients.list', s.id)));
    expect(ids(selectTourSteps('clients.list', steps, { done, present: all, replay: true }))).toHaveLength(3);
  });

  it('still leaves out missing targets on a replay', () => {
    const present = (target: string) => target === 'search';
    expect(ids(selectTourSteps('clients.list', steps, { done: new Set(), present, replay: true }))).toEqual(['search']);
  });
});

describe('stepsToRecord', () => {
  it('records the step passed', () => {
    expect(stepsToRecord('clients.list', steps, 0, 0, new Set())).toEqual(['clients.list:new-client']);
  });

  it('records a skip from where it happened to the end', () => {
    expect(stepsToRecord('clients.list', steps, 1, 2, new Set())).toEqual([
      'clients.list:search',
      'clients.list:views',
    ]);
  });

  it('never records a step twice', () => {
    expect(stepsToRecord('clients.list', steps, 0, 2, new Set(['clients.list:search']))).toEqual([
      'clients.list:new-client',
      'clients.list:views',
    ]);
  });
});

describe('createTourControl', () => {
  it('knows the tour of the screen shown, and forgets it when the screen leaves', () => {
    const control = createTourControl();
    const seen: Array<string | undefined> = [];
    control.subscribe(() => seen.push(control.current()?.screenId));
    const leave = control.register({ screenId: 'clients.list', replay: () => undefined });
    expect(control.current()?.screenId).toBe('clients.list');
    leave();
    expect(control.current()).toBeNull();
    expect(seen).toEqual(['clients.list', undefined]);
  });

  it('keeps the next screen’s tour when the last one leaves after it came', () => {
    const control = createTourControl();
    const leaveFirst = control.register({ screenId: 'clients.list', replay: () => undefined });
    control.register({ screenId: 'dashboard.home', replay: () => undefined });
    leaveFirst();
    expect(control.current()?.screenId).toBe('dashboard.home');
  });
});
