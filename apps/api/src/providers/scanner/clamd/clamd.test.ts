import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scannerPortSuite } from '../port-suite.ts';
import { EICAR } from '../port.ts';
import { clamdAddress, clamdScanner, parseReply } from './index.ts';

/**
 * A stand-in clamd: it reads INSTREAM as clamd does (the `zINSTREAM\0` command, chunks each
 * after a 4-byte big-endian length, a zero length to end) and answers as clamd does. `reply`
 * replaces the verdict (an error line).
 */
function standInClamd(reply?: string) {
  const commands: string[] = [];
  const server = createServer((socket) => {
    let buffered = Buffer.alloc(0);
    let command: string | undefined;
    const file: Buffer[] = [];
    socket.on('data', (data) => {
      buffered = Buffer.concat([buffered, data]);
      if (command === undefined) {
        const end = buffered.indexOf(0);
        if (end < 0) return;
        command = buffered.subarray(0, end).toString();
        commands.push(command);
        buffered = buffered.subarray(end + 1);
      }
      while (buffered.length >= 4) {
        const length = buffered.readUInt32BE(0);
        if (length === 0) {
          const found = Buffer.concat(file).includes(EICAR);
          socket.end(`${reply ?? (found ? 'stream: Eicar-Signature FOUND' : 'stream: OK')}\0`);
          return;
        }
        if (buffered.length < 4 + length) return;
        file.push(buffered.subarray(4, 4 + length));
        buffered = buffered.subarray(4 + length);
      }
    });
  });
  return { server, commands };
}

const listen = (server: Server, where: number | string) =>
  new Promise<void>((resolve) => {
    if (typeof where === 'number') server.listen(where, '127.0.0.1', resolve);
    else server.listen(where, resolve);
  });
const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

scannerPortSuite('clamd over TCP (stand-in server)', async () => {
  const { server } = standInClamd();
  await listen(server, 0);
  const { port } = server.address() as AddressInfo;
  return { port: clamdScanner(`tcp://127.0.0.1:${port}`), close: () => close(server) };
});

scannerPortSuite('clamd over a unix socket (stand-in server)', async () => {
  const folder = await mkdtemp(join(tmpdir(), 'tern-clamd-'));
  const { server } = standInClamd();
  await listen(server, join(folder, 'clamd.ctl'));
  return {
    port: clamdScanner(`unix://${join(folder, 'clamd.ctl')}`),
    close: async () => {
      await close(server);
      await rm(folder, { recursive: true });
    },
  };
});

describe('clamd adapter', () => {
  it('sends the z-form INSTREAM command', async () => {
    const { server, commands } = standInClamd();
    await listen(server, 0);
    const { port } = server.address() as AddressInfo;
    await clamdScanner(`tcp://127.0.0.1:${port}`).scan(Buffer.from('x'));
    expect(commands).toEqual(['zINSTREAM']);
    await close(server);
  });

  it('takes no error line as a verdict', async () => {
    const { server } = standInClamd('INSTREAM size limit exceeded. ERROR');
    await listen(server, 0);
    const { port } = server.address() as AddressInfo;
    await expect(clamdScanner(`tcp://127.0.0.1:${port}`).scan(Buffer.from('x'))).rejects.toThrow(
      /no verdict/,
    );
    await close(server);
  });

  it('fails, never passes, when clamd is not there', async () => {
    const { server } = standInClamd();
    await listen(server, 0);
    const { port } = server.address() as AddressInfo;
    await close(server);
    await expect(clamdScanner(`tcp://127.0.0.1:${port}`).scan(Buffer.from('x'))).rejects.toThrow();
  });

  it('reads its addresses and replies', () => {
    expect(clamdAddress('tcp://clamav:3310')).toEqual({ host: 'clamav', port: 3310 });
    expect(clamdAddress('unix:///run/clamav/clamd.ctl')).toEqual({ path: '/run/clamav/clamd.ctl' });
    expect(parseReply('stream: OK\0')).toEqual({ clean: true });
    expect(parseReply('stream: Win.Test.EICAR_HDB-1 FOUND\0')).toEqual({
      clean: false,
      signature: 'Win.Test.EICAR_HDB-1',
    });
  });
});
