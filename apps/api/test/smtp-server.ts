import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on a free local port, for tests of the SMTP adapter: it takes only the
 * given user and password, refuses the recipients it is told to, and keeps every email it
 * accepts, parsed.
 */
interface ReceivedEmail {
  /** The user the client authenticated as. */
  user: string | undefined;
  envelope: { from: string | false; to: string[] };
  mail: ParsedMail;
}

export interface TestSmtpServer {
  /** `smtp://user:password@127.0.0.1:port`. */
  url: string;
  received: ReceivedEmail[];
  close(): Promise<void>;
}

export async function startSmtpServer(options: {
  user: string;
  password: string;
  refuse?: (recipient: string) => boolean;
}): Promise<TestSmtpServer> {
  const received: ReceivedEmail[] = [];
  const server = new SMTPServer({
    logger: false,
    // Plain SMTP on the loopback: no certificate to make, and AUTH still has to happen.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.password)
        callback(null, { user: auth.username });
      else
        callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      if (options.refuse?.(address.address))
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      // The message counts as received once parsed, before the client hears "250".
      simpleParser(stream, { keepCidLinks: true }).then(
        (mail) => {
          received.push({
            user: session.user,
            envelope: {
              from: session.envelope.mailFrom && session.envelope.mailFrom.address,
              to: session.envelope.rcptTo.map((r) => r.address),
            },
            mail,
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${encodeURIComponent(options.user)}:${encodeURIComponent(options.password)}@127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A 1×1 PNG: a partner logo mail clients can show inline. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
