import { startServer } from './start';

/**
 * The production entry (`node dist/server/src/server/server.js`): the server with the providers its environment
 * names, and nothing else. The local stand-ins are development's (`dev/start.ts`, what `npm start` runs); nothing
 * here imports them (tests/unit/server/production-imports.test.ts).
 */
startServer().catch((err) => {
  console.error(err);
  process.exit(1);
});
