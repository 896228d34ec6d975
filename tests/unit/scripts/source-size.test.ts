import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Source files stay readable: none in src/ or renderer/ over 300 lines (generated files and locale texts aside). */
const MAX_LINES = 300;
const root = path.resolve(__dirname, '../../..');

function sourceFiles(): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', 'src', 'packages/renderer'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  return listed
    .split('\n')
    .filter((file) => /\.(ts|tsx|js|mjs|css)$/.test(file))
    .filter((file) => !file.includes('/generated/') && !file.includes('/locales/'))
    .filter((file) => fs.existsSync(path.join(root, file)));
}

describe('source file size', () => {
  it(`keeps every file in src/ and renderer/ at ${MAX_LINES} lines or fewer`, () => {
    const tooLong = sourceFiles()
      .map((file) => ({ file, lines: fs.readFileSync(path.join(root, file), 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(tooLong).toEqual([]);
  });
});
