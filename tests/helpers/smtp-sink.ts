import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** What a sink does with one message: its raw text and recipients, and the answer to give (an error refuses it). */
export type SinkHandler = (raw: string, recipients: string[], answer: (err?: Error) => void) => void;

/**
 * A local mail server on 127.0.0.1 for tests (smtp-server, no auth, no TLS) that hands each message to `handle`;
 * the default takes every message. `url` is what SMTP_URL is set to.
 */
export async function smtpSink(handle: SinkHandler = (_raw, _to, answer) => answer()) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    closeTimeout: 100,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () =>
        handle(
          raw,
          session.envelope.rcptTo.map((r) => r.address),
          (err) => callback(err ?? null),
        ),
      );
    },
  });
  server.on('error', () => undefined); // a sender killed mid-conversation resets its connection
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
