import { createMemoryDataProvider } from '@soloist/renderer/testing/memory';

/** The tasks, kept in memory: two to start with, searched by title, refused without one. */
export const provider = createMemoryDataProvider({
  resources: {
    tasks: {
      records: [
        { title: 'Order more towels', due: '2027-01-04', done: false },
        { title: 'Renew the studio lease', due: '2027-02-01', done: false },
      ],
      search: ['title'],
      validate: (task) => (String(task.title ?? '').trim() ? undefined : { title: ['The title field is required.'] }),
    },
  },
});
