import { pdfTable, type PdfTable } from '../../../src/server/infra/pdf-table';
import { pdfPages } from '../../helpers/pdf-text';

const read = async (doc: NodeJS.ReadableStream): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of doc) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};
const pages = async (pdf: Buffer): Promise<string[]> => pdfPages(pdf);

const table = (rows: Iterable<string[]>, more: Partial<PdfTable> = {}): PdfTable => ({
  title: 'Дохід',
  lines: ['Olivia Hart Hair', '1 листопада 2026 р. – 30 листопада 2026 р.'],
  columns: [
    { heading: 'Дата', width: 2 },
    { heading: 'Клієнт', width: 3 },
    { heading: 'Сума', width: 2, align: 'right' },
  ],
  rows,
  totals: [['Разом', '1 250,50 ₴']],
  pageLabel: (n) => `Сторінка ${n}`,
  ...more,
});

describe('pdfTable', () => {
  it('prints the heading, the lines, the cells and the totals in Cyrillic, with the currency sign', async () => {
    const text = (
      await pages(await read(pdfTable(table([['23 листопада 2026 р.', 'Ганна Коваль', '1 250,50 ₴']]))))
    ).join('\n');
    for (const part of ['Дохід', 'Olivia Hart Hair', 'Дата', 'Клієнт', 'Ганна Коваль', 'Разом', '₴', 'Сторінка 1'])
      expect(text).toContain(part);
  });

  it('runs over pages with the column headings and a page number on each, and keeps every row', async () => {
    const rows = Array.from({ length: 150 }, (_, i) => [`day ${i + 1}`, `Client ${i + 1}`, `£${i + 1}.00`]);
    const text = await pages(await read(pdfTable(table(rows))));
    expect(text.length).toBeGreaterThan(2);
    text.forEach((page, i) => {
      expect(page).toContain('Клієнт');
      expect(page).toContain(`Сторінка ${i + 1}`);
    });
    for (const name of ['Client 1', 'Client 75', 'Client 150']) expect(text.join('\n')).toContain(name);
    expect(text.at(-1)).toContain('Разом');
  });

  it('cuts a cell too long for its column with an ellipsis, on one line', async () => {
    const long = 'A very long client name that goes on and on well past the width of its column in the table';
    const text = (await pages(await read(pdfTable(table([['today', long, '£1.00']]))))).join('\n');
    expect(text).toContain('A very long client');
    expect(text).toContain('…');
    expect(text).not.toContain('in the table');
  });

  it('stops taking rows while nobody reads the pages, and finishes when they are read', async () => {
    let taken = 0;
    function* rows() {
      for (let i = 0; i < 12_000; i++) {
        taken += 1;
        yield [`day ${i}`, `Client with a name ${i}`, `£${i}.00`];
      }
    }
    const doc = pdfTable(table(rows()));
    // Nobody reads yet: the writer must pause, holding at most a few pages' worth of bytes.
    let last = -1;
    while (taken !== last) {
      last = taken;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(taken).toBeLessThan(12_000);
    expect(doc.readableLength).toBeLessThan(2 << 20);
    const pdf = await read(doc);
    expect(taken).toBe(12_000);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
