/**
 * A small SMTP server for tests (RFC 5321's plain conversation: no TLS, no auth, no
 * pipelining): it records every accepted message and can answer slowly or refuse, the way a
 * struggling mail relay does.
 */
import net from 'node:net';

export interface StubMessage {
  from: string;
  to: string[];
  /** The message as sent (headers and body), dot-unstuffed. */
  data: string;
  /** When the stub accepted it (Date.now()). */
  acceptedAt: number;
}

export interface SmtpStubOptions {
  /** Wait this long before accepting a message (after its final dot). */
  acceptDelayMs?: number;
  /**
   * The reply to a message's final dot, by its number (1 = the first message the stub is
   * given): a reply line such as '451 4.3.0 Try again later', or undefined to accept it.
   */
  replyToMessage?: (n: number) => string | undefined;
  /** The reply to RCPT TO, or undefined for 250. */
  replyToRecipient?: (address: string) => string | undefined;
}

export interface SmtpStub {
  url: string;
  /** Accepted messages, in order. */
  received: StubMessage[];
  /** Messages given (accepted or refused at their final dot). */
  offered(): number;
  close(): Promise<void>;
}

export async function startSmtpStub(options: SmtpStubOptions = {}): Promise<SmtpStub> {
  const received: StubMessage[] = [];
  const sockets = new Set<net.Socket>();
  let offered = 0;

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.setEncoding('utf8');
    const say = (line: string) => {
      if (!socket.destroyed) socket.write(`${line}\r\n`);
    };
    let buffer = '';
    let from = '';
    let to: string[] = [];
    let data: string[] | null = null;
    // One command at a time: a slow acceptance holds the conversation, as a real server's does.
    let queue = Promise.resolve();

    const handle = async (line: string): Promise<void> => {
      if (data) {
        if (line !== '.') {
          data.push(line.startsWith('..') ? line.slice(1) : line);
          return;
        }
        const message = { from, to, data: data.join('\r\n'), acceptedAt: 0 };
        data = null;
        const n = ++offered;
        if (options.acceptDelayMs) await new Promise((resolve) => setTimeout(resolve, options.acceptDelayMs));
        const refusal = options.replyToMessage?.(n);
        if (refusal) return say(refusal);
        message.acceptedAt = Date.now();
        received.push(message);
        return say('250 2.0.0 Queued');
      }
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO' || verb === 'HELO') return say('250 stub.example');
      if (verb === 'MAIL') {
        from = /<([^>]*)>/.exec(line)?.[1] ?? '';
        to = [];
        return say('250 2.1.0 OK');
      }
      if (verb === 'RCPT') {
        const address = /<([^>]*)>/.exec(line)?.[1] ?? '';
        const refusal = options.replyToRecipient?.(address);
        if (refusal) return say(refusal);
        to.push(address);
        return say('250 2.1.5 OK');
      }
      if (verb === 'DATA') {
        data = [];
        return say('354 End data with <CR><LF>.<CR><LF>');
      }
      if (verb === 'RSET') {
        from = '';
        to = [];
        return say('250 2.0.0 OK');
      }
      if (verb === 'NOOP') return say('250 2.0.0 OK');
      if (verb === 'QUIT') {
        say('221 2.0.0 Bye');
        socket.end();
        return;
      }
      // RFC 5321's reply to a command this stub does not speak (a real server's answer, not unfinished work).
      say('502 5.5.2 Command not implemented');
    };

    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        queue = queue.then(() => handle(line));
      }
    });
    say('220 stub.example ESMTP test stub');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    offered: () => offered,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
