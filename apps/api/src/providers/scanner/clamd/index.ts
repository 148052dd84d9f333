import { connect, type Socket } from 'node:net';
import { Readable } from 'node:stream';
import type { ScannerPort, ScanResult } from '../port.ts';

/** clamd's default StreamMaxLength is 25 MB; chunks well under its buffer. */
const CHUNK_BYTES = 64 * 1024;
/** A scan that takes longer than this fails (and its job retries), rather than hanging. */
const SCAN_TIMEOUT_MS = 60_000;

/** `tcp://host:3310` or `unix:///run/clamav/clamd.ctl` as `net.connect` takes it. */
export function clamdAddress(url: string): { host: string; port: number } | { path: string } {
  if (url.startsWith('unix://')) return { path: url.slice('unix://'.length) };
  const { hostname, port } = new URL(url);
  return { host: hostname.replace(/^\[|\]$/g, ''), port: Number(port) };
}

/**
 * clamd's answer to INSTREAM (its `z` form ends with NUL): `stream: OK`, or
 * `stream: <signature> FOUND`; anything else (`… ERROR`, a size limit) is no verdict.
 */
export function parseReply(reply: string): ScanResult {
  const text = reply.replace(/\0+$/, '').trim();
  if (text === 'stream: OK') return { clean: true };
  const found = /^stream: (.+) FOUND$/.exec(text);
  if (found) return { clean: false, signature: found[1]! };
  throw new Error(`clamd gave no verdict: ${text.slice(0, 200)}`);
}

/** A 4-byte big-endian length, then the bytes: one INSTREAM chunk. */
const frame = (bytes: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
};

const write = (socket: Socket, bytes: Buffer) =>
  new Promise<void>((resolve, reject) => {
    socket.write(bytes, (error) => (error ? reject(error) : resolve()));
  });

/**
 * A ClamAV daemon, spoken to in its INSTREAM protocol over TCP or a unix socket: the file
 * goes in length-prefixed chunks, a zero length ends it, and clamd answers one line.
 */
export function clamdScanner(url: string): ScannerPort {
  const address = clamdAddress(url);
  return {
    async scan(body) {
      const socket = connect(address);
      socket.setTimeout(SCAN_TIMEOUT_MS);
      const reply = new Promise<string>((resolve, reject) => {
        const parts: Buffer[] = [];
        socket.on('data', (data) => parts.push(data));
        socket.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
        socket.on('timeout', () => socket.destroy(new Error('clamd did not answer in time')));
        socket.on('error', reject);
      });
      // A failed write is answered by the socket's error, which the reply rejects with.
      reply.catch(() => {});
      try {
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', resolve);
          socket.once('error', reject);
        });
        await write(socket, Buffer.from('zINSTREAM\0'));
        for await (const chunk of Buffer.isBuffer(body) ? Readable.from([body]) : body) {
          const bytes = chunk as Buffer;
          for (let at = 0; at < bytes.length; at += CHUNK_BYTES)
            await write(socket, frame(bytes.subarray(at, at + CHUNK_BYTES)));
        }
        await write(socket, Buffer.alloc(4));
        return parseReply(await reply);
      } finally {
        socket.destroy();
      }
    },
  };
}
