import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');

/**
 * Hashes, HMACs, tokens and codes are made in one place (src/server/infra/crypto.ts). Migrations are frozen history
 * and the database layer imports nothing above it, so they keep their own.
 */
describe('crypto helpers once', () => {
  it('leaves node:crypto to src/server/infra/crypto.ts in src/ and renderer/', () => {
    const files = execFileSync(
      'git',
      ['ls-files', '--cached', '--others', '--exclude-standard', 'src', 'packages/renderer'],
      {
        cwd: root,
        encoding: 'utf8',
      },
    )
      .split('\n')
      .filter((f) => /\.(ts|tsx)$/.test(f) && fs.existsSync(path.join(root, f)))
      .filter((f) => !f.startsWith('src/server/db/migrations/'));
    const users = files.filter((f) =>
      /from 'node:crypto'|from 'crypto'|require\('(node:)?crypto'\)/.test(fs.readFileSync(path.join(root, f), 'utf8')),
    );
    expect(users).toEqual(['src/server/infra/crypto.ts']);
  });
});
