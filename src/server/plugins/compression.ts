import zlib from 'node:zlib';
import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/**
 * API answers and the form validator modules go compressed when the browser accepts it: brotli at a fast level,
 * else gzip, above 1 KB. The built assets and the page compress themselves (pre-compressed twins, plugins/web.ts)
 * and already carry their Content-Encoding, which this leaves alone. Request bodies are never inflated: a client
 * sends plain JSON or multipart.
 */
export default fp(
  async (app) => {
    await app.register(compress, {
      global: true,
      globalDecompression: false,
      threshold: 1024,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    });
  },
  { name: 'compression' },
);
