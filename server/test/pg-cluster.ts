import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { freePort } from './child-server.ts';

const BIN = '/usr/lib/postgresql/15/bin';

/** Whether this machine can start a PostgreSQL cluster of a test's own (the Debian server packages). */
export const canStartCluster = fs.existsSync(path.join(BIN, 'initdb')) && fs.existsSync(path.join(BIN, 'pg_ctl'));

export interface ThrowawayCluster {
  /** postgres://… of the cluster's `postgres` database. */
  url: string;
  port: number;
  /** `pg_ctl restart -m <mode>`: `immediate` is a crash as a failover sees it (no clean goodbye to clients). */
  restart(mode?: 'immediate' | 'fast'): void;
  stop(): void;
  /** Stops the cluster and removes its files. */
  dispose(): void;
}

/**
 * A PostgreSQL cluster of the test's own — its own directory, port and socket directory — that the
 * test may restart and crash at will; the shared server on 5432 is never touched. initdb refuses
 * root, so as root the cluster runs as the unprivileged `postgres` user.
 */
export async function startThrowawayCluster(): Promise<ThrowawayCluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shalav-pg-'));
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? Number(execFileSync('id', ['-u', 'postgres']).toString().trim()) : undefined;
  if (owner !== undefined) fs.chownSync(dir, owner, owner);
  const run = (cmd: string, args: string[]) => {
    const full = path.join(BIN, cmd);
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', full, ...args], { stdio: 'pipe', cwd: dir });
    else execFileSync(full, args, { stdio: 'pipe', cwd: dir });
  };
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'log');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const port = await freePort();
  // fsync off: this cluster's data is thrown away; the restarts are about connections, not disks.
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  run('pg_ctl', ['-D', data, '-l', log, '-o', opts, '-w', '-t', '30', 'start']);
  let running = true;
  const cluster: ThrowawayCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    restart(mode = 'immediate') {
      run('pg_ctl', ['-D', data, '-l', log, '-o', opts, '-m', mode, '-w', '-t', '30', 'restart']);
    },
    stop() {
      if (!running) return;
      running = false;
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-t', '30', 'stop']);
    },
    dispose() {
      try {
        cluster.stop();
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  return cluster;
}
