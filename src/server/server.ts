import { startServer } from './start';

/**
 * The production entry (`node dist/server/src/server/server.js`): the server with the providers its environment
 * names, and nothing else. The local stand-ins are development's (`dev/start.ts`, what `npm start` runs); nothing
 * here imports them (tests/unit/architecture/production-imports.test.ts). It refuses to start without SECRETS_KEY:
 * a key made up at start would die with the process, and with it every provider token it sealed.
 */
startServer({
  async prepare(config) {
    if (!config.secretsKey)
      throw new Error('Set SECRETS_KEY: provider tokens and keys are sealed with it (see the README).');
  },
}).catch((err) => {
  console.error(err);
  process.exit(1);
});
