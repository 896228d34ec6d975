import { render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { SchemaApp } from '../../../packages/renderer/react/SchemaApp';
import { staticSchemaSource } from '../../../packages/renderer/core/schema-source';
import { createMemoryDataProvider } from '../../../packages/renderer/testing/memory-provider';
import { useList } from '../../../packages/renderer/react/data';
import { plainLook } from '../../../packages/renderer/react/plain-look';
import type { ScreenProps } from '../../../packages/renderer/react/types';
import type { Paged } from '../../../packages/renderer/core/types';

/**
 * A host with its own look: SchemaApp with plainLook draws plain HTML and knows only the host's screen kinds. Its
 * list kind reads records through the renderer's data hooks; a screen of a kind nobody gave says so, in plain HTML,
 * with its schema path; nothing of MUI is drawn.
 */

const schemas = staticSchemaSource({
  navigation: {
    areas: [{ id: 'main', guard: 'any', layout: 'page', screens: ['list', 'form'] }],
    redirects: [{ from: '/', to: '/tasks' }],
    notFound: '/tasks',
  },
  resources: {
    tasks: {
      path: '/tasks',
      subject: null,
      validator: '',
      archivable: false,
      exportFormats: [],
      operations: ['list', 'create', 'show', 'update'],
    },
  },
  screens: [
    { id: 'list', kind: 'list', route: '/tasks', title: 'Tasks', resource: 'tasks', columns: [{ field: 'title' }] },
    { id: 'form', kind: 'form', route: '/tasks/new', title: 'Task', resource: 'tasks', schema: { type: 'object' } },
  ],
} as never);

/** The host's own list: a heading and the records' titles, read with useList. */
function TaskList({ screen: def }: ScreenProps) {
  const { data } = useList<{ title: string }>(def.resource ?? '', {});
  const rows = (data as Paged<{ title: string }> | undefined)?.data;
  return (
    <section>
      <h1>{def.title}</h1>
      <ul>
        {rows?.map((task) => (
          <li key={task.title}>{task.title}</li>
        ))}
      </ul>
      <a href="/tasks/new">New</a>
    </section>
  );
}

function app() {
  const data = createMemoryDataProvider({ resources: { tasks: { records: [{ title: 'Sweep the floor' }] } } });
  return render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <SchemaApp
        schemas={schemas}
        dataProvider={() => data}
        look={plainLook}
        screenKinds={{ list: TaskList }}
        t={(key) => key}
        locale="en"
        can={() => true}
        guards={{ any: () => null }}
        layouts={{ page: ({ children }) => <main>{children}</main> }}
        notify={() => undefined}
        confirm={async () => true}
      />
    </SWRConfig>,
  );
}

// jsdom draws no page to scroll.
beforeAll(() => (window.scrollTo = () => undefined));
beforeEach(() => window.history.replaceState(null, '', '/tasks'));
afterEach(() => jest.spyOn(console, 'error').mockRestore());

test("the host's own list kind draws the records it reads through the renderer's hooks", async () => {
  const { container } = app();
  expect(await screen.findByRole('heading', { name: 'Tasks' })).toBeTruthy();
  expect(await screen.findByText('Sweep the floor')).toBeTruthy();
  expect(container.querySelector('[class*="Mui"]')).toBeNull();
});

test('a screen of a kind the host did not give says so in plain HTML, with its schema path', async () => {
  // The boundary logs what it caught; the test reads what it shows.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  window.history.replaceState(null, '', '/tasks/new');
  const { container } = app();
  const notice = await screen.findByRole('alert');
  expect(notice.textContent).toContain('app.screenFailed');
  expect(notice.textContent).toContain('Unknown screen kind "form" at screens/form#/kind. Registered: list.');
  expect(container.querySelector('[class*="Mui"]')).toBeNull();
  expect(notice.className).toBe('sdui-notice sdui-notice-error');
});
