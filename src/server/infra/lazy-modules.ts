/**
 * Libraries that take long to load and that few requests need — spreadsheets, PDFs, Twilio's SDK, the local pages'
 * proxy — loaded on first use rather than at start: a process (and each API test file) starts without paying for
 * them, and the first export, PDF or SMS pays once. Each resolves to the module's default export.
 */
const once = <T>(load: () => Promise<T>): (() => Promise<T>) => {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((err: unknown) => {
      loading = undefined; // tried again next time
      throw err;
    });
    return loading;
  };
};

export const loadExcel = once(() => import('exceljs').then((m) => m.default));
export const loadPdfKit = once(() => import('pdfkit').then((m) => m.default));
export const loadTwilio = once(() => import('twilio').then((m) => m.default));
export const loadHttpProxy = once(() => import('@fastify/http-proxy').then((m) => m.default));
