import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { budget } from '../../test-budget.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A port nothing listens on right now (on 127.0.0.1). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ChildServer {
  child: ChildProcess;
  port: number;
  dataDir: string;
  output: () => string;
  /** Resolves with the exit code (null when killed by a signal) and how long after `since` it came. */
  exited: Promise<{ code: number | null; at: number }>;
  /** Kills the child if it still runs (by its own PID) and removes its data directory. */
  dispose: () => Promise<void>;
  /**
   * How long the start took (spawn to listening): the yardstick of how busy this machine is now.
   * Time bounds on the child's own timers add it, so a loaded machine does not fail them.
   */
  startedInMs: number;
}

/** Only a guard against a hang: a start on a busy machine may take long, the test waits for the line. */
export const CHILD_START_TIMEOUT_MS = budget(120_000);

/**
 * `node --import tsx server/main.ts` as a child process on 127.0.0.1 with its own DATA_DIR (embedded
 * database) and a free port; resolves once it listens. Without a DATA_DIR of the caller's, it starts
 * from a copy of the migrated, empty one made once per run (global-setup.ts), as a server started a
 * second time would: creating and migrating the database was most of a start on a loaded machine.
 */
export async function startChildServer(env: Record<string, string> = {}): Promise<ChildServer> {
  const spawnedAt = performance.now();
  // Under vitest only: the benches that start servers this way bring a DATA_DIR or a database of their own.
  const fresh = env.DATABASE_URL || !process.env.VITEST;
  const dataDir = env.DATA_DIR ?? (fresh ? fs.mkdtempSync(path.join(os.tmpdir(), 'shalav-child-')) : migratedDataDir());
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DEMO_DATA: '0',
    LOG_LEVEL: 'warn',
    ...env,
  };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) => {
    let at = 0;
    child.on('exit', () => (at = Date.now()));
    // Once its output is read to the end too: output() then holds the shutdown's last log lines.
    child.on('close', (code) => resolve({ code, at: at || Date.now() }));
  });
  const dispose = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
    if (!env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in ${CHILD_START_TIMEOUT_MS / 1000} s:\n${output}`)),
      CHILD_START_TIMEOUT_MS,
    );
    child.stdout!.on('data', () => output.includes('Shalav is running') && (clearTimeout(timer), resolve()));
    void exited.then(({ code }) => (clearTimeout(timer), reject(new Error(`server exited (${code}):\n${output}`))));
  }).catch(async (err) => {
    await dispose();
    throw err;
  });
  return { child, port, dataDir, output: () => output, exited, dispose, startedInMs: Math.round(performance.now() - spawnedAt) };
}

/**
 * A new DATA_DIR holding an empty, migrated embedded database (a copy of the one made once per run in
 * global-setup.ts), as a server leaves it after its first start. The caller removes it.
 */
export function migratedDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shalav-child-'));
  fs.cpSync(inject('childDataDir'), dir, { recursive: true });
  return dir;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A raw HTTP/1.1 connection: send bytes when the test says so, read whole responses, see it close. */
export class RawConnection {
  private buffer = '';
  private waiters: (() => void)[] = [];
  closed = false;
  error: Error | undefined;
  private constructor(private socket: net.Socket) {
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => {
      this.buffer += d;
      this.wake();
    });
    socket.on('error', (err) => {
      this.error = err;
    });
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
  }

  static async open(port: number): Promise<RawConnection> {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    return new RawConnection(socket);
  }

  private wake() {
    for (const w of this.waiters.splice(0)) w();
  }

  write(text: string) {
    this.socket.write(text);
  }

  /**
   * Waits for the next whole response (Content-Length framed); throws if the socket closes first.
   * The time limit is a hang guard, not a speed limit: in CI a probe behind a burst of 180 requests,
   * beside two other suites, waited over 5 s for its answer.
   */
  async response(timeoutMs = CHILD_START_TIMEOUT_MS): Promise<RawResponse> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end >= 0) {
        const [statusLine, ...lines] = this.buffer.slice(0, end).split('\r\n');
        const headers: Record<string, string> = {};
        for (const line of lines) {
          const i = line.indexOf(':');
          headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
        }
        const length = Number(headers['content-length'] ?? 0);
        if (this.buffer.length >= end + 4 + length) {
          const body = this.buffer.slice(end + 4, end + 4 + length);
          this.buffer = this.buffer.slice(end + 4 + length);
          return { status: Number(statusLine.split(' ')[1]), headers, body };
        }
      }
      if (this.closed)
        throw new Error(`connection closed before a response (${this.error?.message ?? 'no error'}); got: ${JSON.stringify(this.buffer)}`);
      if (Date.now() > deadline) throw new Error(`no response in ${timeoutMs} ms; got: ${JSON.stringify(this.buffer)}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  async waitClosed(timeoutMs = 2000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    return this.closed;
  }

  unread() {
    return this.buffer;
  }

  destroy() {
    this.socket.destroy();
  }
}

export const get = (url: string) => `GET ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`;
