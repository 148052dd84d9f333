import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runningPort } from './embedded.ts';

/** A cluster folder whose lock names `pid` and `port`, as PostgreSQL writes it. */
function clusterWithLock(pid: number, port: number) {
  const cluster = mkdtempSync(join(tmpdir(), 'tern-lock-'));
  writeFileSync(join(cluster, 'postmaster.pid'), `${pid}\n${cluster}\n1700000000\n${port}\n`);
  return cluster;
}
const lockOf = (cluster: string) => join(cluster, 'postmaster.pid');

const listening = () =>
  new Promise<{ server: Server; port: number }>((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      done({ server, port: (server.address() as { port: number }).port });
    });
  });
const freePort = async () => {
  const { server, port } = await listening();
  await new Promise((done) => server.close(done));
  return port;
};

describe('joining the embedded server a lock names', () => {
  const cleanup: (() => void)[] = [];
  afterEach(() => {
    for (const step of cleanup.splice(0)) step();
  });

  it('joins a live server that listens on the port its lock names', async () => {
    const { server, port } = await listening();
    cleanup.push(() => server.close());
    const cluster = clusterWithLock(process.pid, port);
    cleanup.push(() => rmSync(cluster, { recursive: true }));
    expect(await runningPort(cluster, 300)).toBe(port);
    expect(existsSync(lockOf(cluster))).toBe(true);
  });

  it('removes the lock of a server that is gone', async () => {
    // A process that has ended and been reaped: its number names nothing.
    const pid = Number(execFileSync('sh', ['-c', 'sh -c "exit 0" & echo $!; wait']).toString());
    const cluster = clusterWithLock(pid, await freePort());
    cleanup.push(() => rmSync(cluster, { recursive: true }));
    expect(await runningPort(cluster, 300)).toBeUndefined();
    expect(existsSync(lockOf(cluster))).toBe(false);
  });

  it('removes the lock of a killed server still waiting to be reaped (a zombie)', async () => {
    // `exec sleep` never reaps the child it inherits: once that child ends, it is a zombie.
    // The child ends after the exec (a shell may reap a child that ends before), then waits.
    const parent = spawn('sh', ['-c', 'sh -c "sleep 0.3; exit 0" & echo $!; exec sleep 5']);
    cleanup.push(() => parent.kill());
    const pid = Number(await new Promise<string>((done) => parent.stdout.once('data', done)));
    await new Promise((done) => setTimeout(done, 800));
    expect(readFileSync(`/proc/${pid}/stat`, 'utf8')).toMatch(/\) Z /);
    const cluster = clusterWithLock(pid, await freePort());
    cleanup.push(() => rmSync(cluster, { recursive: true }));
    const started = Date.now();
    expect(await runningPort(cluster, 5_000)).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(existsSync(lockOf(cluster))).toBe(false);
  });

  it('removes the lock when its process number now belongs to something that never listens', async () => {
    const cluster = clusterWithLock(process.pid, await freePort());
    cleanup.push(() => rmSync(cluster, { recursive: true }));
    expect(await runningPort(cluster, 300)).toBeUndefined();
    expect(existsSync(lockOf(cluster))).toBe(false);
  });
});
