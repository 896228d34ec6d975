import { createRoot } from 'react-dom/client';
import { SchemaApp, staticSchemaSource, type LayoutProps } from '@soloist/renderer';
import { createMemoryDataProvider } from '@soloist/renderer/testing/memory';
import { schemas } from './schemas';
import { t } from './texts';

const provider = createMemoryDataProvider({
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

const Page = ({ children }: LayoutProps) => (
  <main style={{ maxWidth: 960, margin: '0 auto', padding: 16 }}>{children}</main>
);

createRoot(document.getElementById('root')!).render(
  <SchemaApp
    schemas={staticSchemaSource(schemas)}
    dataProvider={() => provider}
    t={t}
    locale="en"
    can={() => true}
    guards={{ anyone: () => null }}
    layouts={{ page: Page }}
    notify={(message) => console.info(message)}
    confirm={(text) => Promise.resolve(window.confirm(text))}
  />,
);
