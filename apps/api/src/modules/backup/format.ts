import { once } from "node:events";
import fs from "node:fs";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";

/**
 * The .wmsbackup container (docs/backup-and-restore.md): one gzip stream holding
 *
 *   MAGIC  frame*
 *   frame = kind (1 ASCII byte) + payload length (uint32, big-endian) + payload
 *
 * in the order  H  (T D* E)*  M  and nothing after it:
 *   H  header JSON: format version, creation time, schema version, the tables and their columns
 *   T  table start JSON {"name"}
 *   D  a piece of that table's rows in PostgreSQL's COPY text format (at most DATA_FRAME_BYTES)
 *   E  table end JSON {"name", "rows", "bytes", "sha256"}
 *   M  the manifest JSON: the header's fields plus every table's row count and SHA-256, and sequences
 *
 * Every frame is small, so writing and reading keep memory flat however large a table is; gzip's
 * CRC-32 covers the whole stream and each table's data also carries its own SHA-256.
 */
export const MAGIC = Buffer.from("WMSBACKUP\n", "ascii");
export const FORMAT_VERSION = 1;
export const DATA_FRAME_BYTES = 64 * 1024;
/** No legitimate frame is larger: a bigger length means a damaged file, not a reason to allocate. */
const MAX_FRAME_BYTES = 64 * 1024 * 1024;

export type FrameKind = "H" | "T" | "D" | "E" | "M";
const KINDS = new Set<string>(["H", "T", "D", "E", "M"]);

export interface Frame {
  kind: FrameKind;
  payload: Buffer;
}

export class BackupFormatError extends Error {}

/** Writes frames into a gzip'ed file with back-pressure; `finish` flushes, fsyncs and closes it. */
export class FrameWriter {
  private readonly gzip = zlib.createGzip({ level: 6 });
  private readonly done: Promise<void>;
  private failure: unknown;

  private constructor(
    private readonly file: fs.WriteStream,
    readonly path: string,
  ) {
    this.done = pipeline(this.gzip, this.file);
    this.done.catch((error: unknown) => {
      this.failure = error;
    });
  }

  /** Creates `path` exclusively (never overwrites), readable by its owner only. */
  static async create(path: string): Promise<FrameWriter> {
    const file = fs.createWriteStream(path, { flags: "wx", mode: 0o600 });
    await once(file, "open");
    const writer = new FrameWriter(file, path);
    await writer.raw(MAGIC);
    return writer;
  }

  async frame(kind: FrameKind, payload: Buffer): Promise<void> {
    const head = Buffer.alloc(5);
    head.write(kind, 0, "ascii");
    head.writeUInt32BE(payload.length, 1);
    await this.raw(head);
    await this.raw(payload);
  }

  json(kind: FrameKind, value: unknown): Promise<void> {
    return this.frame(kind, Buffer.from(JSON.stringify(value), "utf8"));
  }

  private async raw(bytes: Buffer): Promise<void> {
    if (this.failure) {
      throw this.failure;
    }
    if (!this.gzip.write(bytes)) {
      await Promise.race([once(this.gzip, "drain"), this.done]);
    }
  }

  async finish(): Promise<void> {
    this.gzip.end();
    await this.done;
    const handle = await fs.promises.open(this.path, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  /** Stops writing after a failure; the caller removes the partial file. */
  async abort(): Promise<void> {
    this.gzip.destroy();
    this.file.destroy();
    await this.done.catch(() => {});
  }
}

/** Reads frames back one at a time from a .wmsbackup file, checking the framing as it goes. */
export class FrameReader {
  private readonly chunks: AsyncIterator<Buffer>;
  private buffer: Buffer = Buffer.alloc(0);
  private ended = false;
  private readonly source: fs.ReadStream;
  private readonly gunzip = zlib.createGunzip();

  constructor(path: string) {
    this.source = fs.createReadStream(path);
    this.source.on("error", (error) => this.gunzip.destroy(error));
    this.source.pipe(this.gunzip);
    this.chunks = this.gunzip[Symbol.asyncIterator]();
  }

  private async fill(size: number): Promise<boolean> {
    while (this.buffer.length < size && !this.ended) {
      let next: IteratorResult<Buffer>;
      try {
        next = await this.chunks.next();
      } catch (error) {
        throw new BackupFormatError(
          `the file is damaged or incomplete (${error instanceof Error ? error.message : String(error)})`,
        );
      }
      if (next.done) {
        this.ended = true;
      } else {
        this.buffer = this.buffer.length === 0 ? next.value : Buffer.concat([this.buffer, next.value]);
      }
    }
    return this.buffer.length >= size;
  }

  private take(size: number): Buffer {
    const taken = this.buffer.subarray(0, size);
    this.buffer = this.buffer.subarray(size);
    return taken;
  }

  async readMagic(): Promise<void> {
    if (!(await this.fill(MAGIC.length)) || !this.take(MAGIC.length).equals(MAGIC)) {
      throw new BackupFormatError("this is not a WMS backup file (.wmsbackup)");
    }
  }

  /** The next frame, or null at a clean end of the file. */
  async next(): Promise<Frame | null> {
    if (!(await this.fill(1))) {
      return null;
    }
    if (!(await this.fill(5))) {
      throw new BackupFormatError("the file is damaged or incomplete (it ends inside a frame)");
    }
    const kind = this.buffer.toString("ascii", 0, 1);
    const length = this.buffer.readUInt32BE(1);
    if (!KINDS.has(kind) || length > MAX_FRAME_BYTES) {
      throw new BackupFormatError("the file is damaged (a frame header is invalid)");
    }
    this.take(5);
    if (!(await this.fill(length))) {
      throw new BackupFormatError("the file is damaged or incomplete (it ends inside a frame)");
    }
    // Copy out so the frame does not pin the (possibly much larger) decompressed chunk it came from.
    return { kind: kind as FrameKind, payload: Buffer.from(this.take(length)) };
  }

  /** The next frame, which must be of `kind`. */
  async expect(kind: FrameKind): Promise<Frame> {
    const frame = await this.next();
    if (!frame || frame.kind !== kind) {
      throw new BackupFormatError(
        `the file is damaged (expected a '${kind}' frame, found ${frame ? `'${frame.kind}'` : "the end"})`,
      );
    }
    return frame;
  }

  close(): void {
    this.source.destroy();
    this.gunzip.destroy();
  }
}

export function parseJsonFrame<T>(frame: Frame): T {
  try {
    return JSON.parse(frame.payload.toString("utf8")) as T;
  } catch {
    throw new BackupFormatError(`the file is damaged (its '${frame.kind}' frame is not valid JSON)`);
  }
}

/** Counts the rows of COPY text data: each row ends in a newline, and newlines inside values are escaped. */
export function countNewlines(chunk: Buffer): number {
  let count = 0;
  for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) {
    count += 1;
  }
  return count;
}
