// The renderer's public API as its built declarations say it: each entry's exports, one line each — a function or a
// constant with its type, an interface or a type with its declaration. The report is committed
// (packages/renderer/api-report.txt): a change to the public API shows in review as a change to that file, and
// `npm run check:package` fails while the two differ (`-- --update-api` writes it anew).
import path from 'node:path';
import ts from 'typescript';

/** The entries of the package's `exports` that hold code, and their declaration files in dist/. */
export const CODE_ENTRIES = {
  '@soloist/renderer': 'index.d.ts',
  '@soloist/renderer/core': 'core/index.d.ts',
  '@soloist/renderer/mui': 'react/shell/index.d.ts',
  '@soloist/renderer/testing': 'testing/index.d.ts',
  '@soloist/renderer/editor': 'react/editor/ScreenEditor.d.ts',
  '@soloist/renderer/widgets': 'react/form/widgets.d.ts',
  '@soloist/renderer/react-router': 'react/react-router.d.ts',
  '@soloist/renderer/testing/memory': 'testing/memory-provider.d.ts',
  '@soloist/renderer/tour': 'react/tour/run-tour.d.ts',
};

const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });
const oneLine = (text) => text.replace(/\s+/g, ' ').trim();

function describe(checker, symbol, fallback) {
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const declaration = target.declarations?.[0];
  if (!declaration) return { line: `${symbol.name}: unknown`, declaration };
  if (
    ts.isInterfaceDeclaration(declaration) ||
    ts.isTypeAliasDeclaration(declaration) ||
    ts.isEnumDeclaration(declaration)
  ) {
    const text = printer.printNode(ts.EmitHint.Unspecified, declaration, declaration.getSourceFile());
    return {
      line: oneLine(text.replace(/^export (declare )?/, '')).replace(/^(\w+) \w+/, `$1 ${symbol.name}`),
      declaration,
    };
  }
  const type = checker.typeToString(
    checker.getTypeOfSymbolAtLocation(target, declaration ?? fallback),
    undefined,
    ts.TypeFormatFlags.NoTruncation,
  );
  const kind = ts.isClassDeclaration(declaration)
    ? 'class'
    : ts.isFunctionDeclaration(declaration)
      ? 'function'
      : 'const';
  return { line: `${kind} ${symbol.name}: ${oneLine(type)}`, declaration };
}

/**
 * The report's text, and how many exports say what they are for (a doc comment) and show it (an `@example`).
 * @example const { text } = apiReport('packages/renderer/dist'); // "@soloist/renderer\n  function SchemaApp: …"
 */
export function apiReport(distDir) {
  const files = Object.values(CODE_ENTRIES).map((file) => path.join(distDir, file));
  const program = ts.createProgram(files, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const lines = [];
  let total = 0;
  let documented = 0;
  let withExample = 0;
  const without = [];
  for (const [entry, file] of Object.entries(CODE_ENTRIES)) {
    const source = program.getSourceFile(path.join(distDir, file));
    if (!source) throw new Error(`${file} is not built: npm run build:renderer`);
    lines.push(entry);
    const exported = checker.getExportsOfModule(checker.getSymbolAtLocation(source));
    for (const symbol of [...exported].sort((a, b) => a.name.localeCompare(b.name))) {
      const { line, declaration } = describe(checker, symbol, source);
      lines.push(`  ${line}`);
      total += 1;
      const docs = declaration ? ts.getJSDocCommentsAndTags(declaration) : [];
      if (docs.length) documented += 1;
      if (declaration && ts.getJSDocTags(declaration).some((tag) => tag.tagName.text === 'example')) withExample += 1;
      else without.push(`${entry} ${symbol.name}`);
    }
  }
  return { text: `${lines.join('\n')}\n`, total, documented, withExample, without };
}
