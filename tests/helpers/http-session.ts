/**
 * A browser's session against a server process over real HTTP (fetch): the CSRF cookie first, then a log in, then
 * calls that send the cookies and `X-XSRF-TOKEN` as the app does.
 */
export class HttpSession {
  cookies: Record<string, string> = {};
  constructor(readonly url: string) {}

  get cookieHeader(): string {
    return Object.entries(this.cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
  }

  get xsrf(): string {
    return decodeURIComponent(this.cookies['XSRF-TOKEN'] ?? '');
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${this.url}${path}`, {
      method,
      headers: {
        cookie: this.cookieHeader,
        'x-xsrf-token': this.xsrf,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      this.cookies[pair.slice(0, i)] = pair.slice(i + 1);
    }
    return res;
  }

  async login(email: string, password: string): Promise<void> {
    await this.request('GET', '/sanctum/csrf-cookie');
    const res = await this.request('POST', '/api/login', { email, password });
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  }
}
