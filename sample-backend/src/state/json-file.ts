import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where a state file's problems are reported (the app's logger). */
export interface StateLogger {
  warn(message: string): void;
}

let tempCounter = 0;

/**
 * One JSON document on disk. Writes are atomic (a temp file in the same folder, then a rename)
 * and queued, so a crash or two overlapping requests can never leave a half-written file.
 */
export class JsonFile<T> {
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly filePath: string,
    /** Returns the typed document, or undefined when the content is not a valid document. */
    private readonly parse: (value: unknown) => T | undefined,
    private readonly logger: StateLogger,
  ) {}

  /**
   * The stored document, or undefined when there is none yet. A corrupt file is moved aside
   * (kept for inspection, never silently overwritten) and reported, and the store starts empty.
   */
  async read(): Promise<T | undefined> {
    let text: string;
    try {
      text = await readFile(this.filePath, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      this.logger.warn(`${this.filePath}: cannot be read (${String(error)}); starting empty`);
      return undefined;
    }
    let parsed: T | undefined;
    try {
      parsed = this.parse(JSON.parse(text));
    } catch {
      parsed = undefined;
    }
    if (parsed === undefined) {
      const aside = `${this.filePath}.corrupt-${String(Date.now())}`;
      await rename(this.filePath, aside).catch(() => undefined);
      this.logger.warn(
        `${this.filePath}: not a valid state file, moved to ${aside}; starting empty`,
      );
    }
    return parsed;
  }

  /** Replaces the document on disk; resolves once it is safely written. */
  write(value: T): Promise<void> {
    const text = `${JSON.stringify(value, null, 2)}\n`;
    const run = async (): Promise<void> => {
      await mkdir(path.dirname(this.filePath), { recursive: true });
      tempCounter += 1;
      const temp = `${this.filePath}.${String(process.pid)}.${String(tempCounter)}.tmp`;
      await writeFile(temp, text, 'utf8');
      await rename(temp, this.filePath);
    };
    const result = this.queue.then(run, run);
    // The queue must keep going after a failed write; the failure is reported to this caller.
    this.queue = result.catch(() => undefined);
    return result;
  }
}
