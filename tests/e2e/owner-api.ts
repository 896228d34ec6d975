import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';

/** The owner's API, through the signed-in page's own cookies. */
export function api(page: Page) {
  const request: APIRequestContext = page.request;
  const xsrf = async () =>
    decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  return {
    get: async <T>(path: string): Promise<T> => {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      return (await res.json()) as T;
    },
    post: async <T>(path: string, data: unknown): Promise<T> => {
      const res = await request.post(path, { data, headers: { 'x-xsrf-token': await xsrf() } });
      expect(res.status(), `${path}: ${await res.text()}`).toBe(201);
      return (await res.json()) as T;
    },
    /** A POST that may be refused with a 422 (null then). */
    tryPost: async <T>(path: string, data: unknown): Promise<T | null> => {
      const res = await request.post(path, { data, headers: { 'x-xsrf-token': await xsrf() } });
      if (res.status() === 422) return null;
      expect(res.status(), `${path}: ${await res.text()}`).toBe(201);
      return (await res.json()) as T;
    },
  };
}
