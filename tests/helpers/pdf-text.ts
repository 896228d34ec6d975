import { execFileSync } from 'node:child_process';

/**
 * The text of each page of a PDF, read by pdf.js (through unpdf) in a child Node process: pdf.js is an ES module
 * that jest's CommonJS runtime cannot import.
 */
export function pdfPages(pdf: Buffer): string[] {
  const script = `
    import { extractText, getDocumentProxy } from 'unpdf';
    const chunks = [];
    for await (const chunk of process.stdin) chunks.push(chunk);
    const doc = await getDocumentProxy(new Uint8Array(Buffer.concat(chunks)));
    const { text } = await extractText(doc, { mergePages: false });
    process.stdout.write(JSON.stringify(text));
  `;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    input: pdf,
    cwd: __dirname,
    maxBuffer: 64 << 20,
  });
  return JSON.parse(out.toString()) as string[];
}
