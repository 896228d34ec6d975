import { createRoot } from 'react-dom/client';
import { SchemaApp, staticSchemaSource, type LayoutProps } from '@soloist/renderer';
import { muiLook } from '@soloist/renderer/mui';
import { provider } from './provider';
import { schemas } from './schemas';
import { t } from './texts';

const Page = ({ children }: LayoutProps) => (
  <main style={{ maxWidth: 960, margin: '0 auto', padding: 16 }}>{children}</main>
);

createRoot(document.getElementById('root')!).render(
  <SchemaApp
    look={muiLook}
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
