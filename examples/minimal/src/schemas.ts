import type { StaticSchemas } from '@soloist/renderer/core';

/** The app's own screens, in the renderer's screen language: a list of tasks and the form that adds and edits one. */
export const schemas: StaticSchemas = {
  navigation: {
    areas: [{ id: 'main', guard: 'anyone', layout: 'page', home: '/tasks', screens: ['tasks.list', 'tasks.form'] }],
    redirects: [{ from: '/', to: '/tasks' }],
    notFound: '/tasks',
  },
  resources: {
    tasks: {
      path: '/tasks',
      subject: 'Task',
      validator: '', // none: the form's schema is compiled in the browser
      archivable: false,
      exportFormats: [],
      operations: ['list', 'create', 'show', 'update', 'delete'],
    },
  },
  screens: [
    {
      id: 'tasks.list',
      kind: 'list',
      route: '/tasks',
      title: 'Tasks',
      resource: 'tasks',
      searchable: true,
      rowScreen: 'tasks.form',
      empty: 'No tasks yet.',
      views: ['list', 'table'],
      card: { title: ['title'], subtitle: ['due'] },
      columns: [
        { field: 'title', sortable: true, width: 280 },
        { field: 'due', type: 'date', sortable: true, width: 160 },
        { field: 'done', type: 'boolean', width: 100 },
      ],
      actions: [{ id: 'create', label: 'New task', kind: 'navigate', screen: 'tasks.form' }],
    },
    {
      id: 'tasks.form',
      kind: 'form',
      route: '/tasks/form/:id?',
      title: 'Task',
      resource: 'tasks',
      submit: { then: 'screen', screen: 'tasks.list' },
      schema: {
        $id: 'task',
        type: 'object',
        required: ['title'],
        properties: {
          title: { type: 'string', minLength: 1, maxLength: 120 },
          due: { type: 'string', format: 'date' },
          done: { type: 'boolean' },
        },
      },
    },
  ],
};
