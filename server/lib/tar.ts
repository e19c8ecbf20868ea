import fs from 'node:fs';

/**
 * A plain ustar archive, written and read here so a backup needs no dependency and any `tar` can
 * list or unpack it (docs/decisions/028-backups.md). Only regular files; names are ASCII.
 */
const BLOCK = 512;

export interface TarEntry {
  name: string;
  data: Buffer;
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

/** Splits a name into ustar's prefix (155) and name (100) fields. */
function splitName(name: string): { prefix: string; base: string } {
  if (name.length <= 100) return { prefix: '', base: name };
  for (let i = name.indexOf('/'); i >= 0; i = name.indexOf('/', i + 1)) {
    const prefix = name.slice(0, i);
    const base = name.slice(i + 1);
    if (prefix.length <= 155 && base.length <= 100 && base.length > 0) return { prefix, base };
  }
  throw new Error(`name too long for the archive: ${name}`);
}

function header(name: string, size: number, mtime: Date): Buffer {
  const block = Buffer.alloc(BLOCK);
  const { prefix, base } = splitName(name);
  block.write(base, 0, 100, 'ascii');
  block.write(octal(0o644, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write('0', 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  block.write(prefix, 345, 155, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(octal(sum, 7) + ' ', 148, 'ascii');
  return block;
}

/** Appends entries to an open file; `finish` writes the two empty blocks that end an archive. */
export class TarWriter {
  constructor(private readonly handle: fs.promises.FileHandle) {}

  async add(name: string, data: Buffer | Uint8Array, mtime = new Date()) {
    await this.handle.write(header(name, data.length, mtime));
    await this.handle.write(data);
    const pad = (BLOCK - (data.length % BLOCK)) % BLOCK;
    if (pad > 0) await this.handle.write(Buffer.alloc(pad));
  }

  async finish() {
    await this.handle.write(Buffer.alloc(BLOCK * 2));
  }
}

async function readExactly(handle: fs.promises.FileHandle, length: number, position: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const { bytesRead } = await handle.read(buffer, done, length - done, position + done);
    if (bytesRead === 0) throw new Error('the archive ends in the middle of a file: it is incomplete');
    done += bytesRead;
  }
  return buffer;
}

function field(block: Buffer, start: number, length: number): string {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? length : end).toString('ascii');
}

/** The regular files of an archive, one at a time, in order. */
export async function* readTar(file: string): AsyncGenerator<TarEntry> {
  const handle = await fs.promises.open(file, 'r');
  try {
    let position = 0;
    for (;;) {
      const block = await readExactly(handle, BLOCK, position);
      position += BLOCK;
      if (block.every((byte) => byte === 0)) return;
      let sum = 0;
      for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i];
      if (parseInt(field(block, 148, 8).trim(), 8) !== sum) throw new Error('not a backup archive (bad header checksum)');
      const size = parseInt(field(block, 124, 12).trim() || '0', 8);
      const prefix = field(block, 345, 155);
      const name = prefix ? `${prefix}/${field(block, 0, 100)}` : field(block, 0, 100);
      const type = field(block, 156, 1);
      const data = await readExactly(handle, size, position);
      position += size + ((BLOCK - (size % BLOCK)) % BLOCK);
      if (type === '0' || type === '') yield { name, data };
    }
  } finally {
    await handle.close();
  }
}
