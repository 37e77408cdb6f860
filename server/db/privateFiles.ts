/**
 * The data folder holds password hashes, keys, uploads and mail: only the server's own user may
 * read it. Folders are made (or brought back to) 0700, files 0600, whatever the process's umask.
 */
import fs from 'node:fs';

export const PRIVATE_DIR = 0o700;
export const PRIVATE_FILE = 0o600;

/** Makes `dir` (and its missing parents) readable by the owner only; an existing one is tightened. */
export function privateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  fs.chmodSync(dir, PRIVATE_DIR);
}

export async function privateDirAsync(dir: string): Promise<void> {
  await fs.promises.mkdir(dir, { recursive: true, mode: PRIVATE_DIR });
  await fs.promises.chmod(dir, PRIVATE_DIR);
}

/**
 * A database file made private before SQLite opens it: SQLite then makes its -wal and -shm files
 * with the same permissions. An existing one (and its companions) is tightened.
 */
export function privateDatabaseFile(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE));
  for (const each of [file, `${file}-wal`, `${file}-shm`]) {
    if (fs.existsSync(each)) fs.chmodSync(each, PRIVATE_FILE);
  }
}
