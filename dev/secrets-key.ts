import fs from 'node:fs';
import path from 'node:path';
import { newKey, parseKey } from '../src/server/infra/crypto';

/**
 * Development without `SECRETS_KEY`: the key that seals provider secrets is kept in a file beside the database
 * (`data/soloist.db` → `data/soloist.secrets.key`, mode 0600), made on the first start, so what is sealed opens again
 * after a restart. Production sets `SECRETS_KEY` and never reads this file.
 */
export function developmentKey(databaseUrl: string, root: string): string {
  const file = databaseUrl.startsWith('sqlite:')
    ? databaseUrl.slice('sqlite:'.length).replace(/\.db$/, '') + '.secrets.key'
    : path.join(root, 'data', 'secrets.key');
  try {
    const key = fs.readFileSync(file, 'utf8').trim();
    parseKey(key);
    return key;
  } catch {
    const key = newKey();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${key}\n`, { mode: 0o600 });
    return key;
  }
}
