import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { sha256 } from '../infra/crypto';
import type { FirstScreen } from './first-screen';

type Paint = (url: string, preloaded: FirstScreen['preloaded'], locale: string) => Promise<string>;

/** Pages kept painted: a guest's few screens × two languages × the addresses they are opened at. */
const KEPT = 64;

/**
 * The server's first paint of a guest's page: the browser app's own markup for it, rendered by the build's Node
 * bundle (`web-render/first-paint.cjs`, beside the browser's files), so a phone draws the sign-in form before the
 * app's code arrives. Kept per address, language and carried answers (a guest's answers name no one, and a published
 * screen or text changes them); none when the bundle is missing or a render fails (the browser then draws the page
 * as before).
 * @example const paint = firstPainter(path.join(webDir, '..', 'web-render'), log); await paint(req.url, first)
 */
export function firstPainter(
  renderDir: string,
  log: FastifyBaseLogger,
): (url: string, first: FirstScreen) => Promise<string | null> {
  const file = path.join(renderDir, 'first-paint.cjs');
  if (!fs.existsSync(file)) return async () => null;
  let paint: Paint | undefined;
  const kept = new Map<string, string>();
  return async (url, first) => {
    const key = sha256(`${first.locale}\n${url}\n${JSON.stringify(first.preloaded)}`);
    const hit = kept.get(key);
    if (hit !== undefined) {
      // Most recently used last: the first key is the one to let go.
      kept.delete(key);
      kept.set(key, hit);
      return hit;
    }
    try {
      paint ??= (createRequire(__filename)(file) as { firstPaint: Paint }).firstPaint;
      const html = await paint(url, first.preloaded, first.locale);
      kept.set(key, html);
      if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
      return html;
    } catch (err) {
      log.warn({ err, url }, 'first paint failed: the browser draws the page');
      return null;
    }
  };
}
