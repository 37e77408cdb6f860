import fs from 'node:fs';
import path from 'node:path';

/** A config file the server will not serve: one line per problem, each naming the file and what is wrong. */
export class ConfigFileError extends Error {
  override readonly name = 'ConfigFileError';
  /** What is wrong, without the file ("field 'x': …"). */
  readonly problems: readonly string[];
  /** `<file>: <problem>`, one per problem: what an operator reads. */
  readonly lines: readonly string[];

  constructor(
    readonly file: string,
    problems: string | readonly string[],
  ) {
    const list = typeof problems === 'string' ? [problems] : problems;
    const lines = list.map((problem) => `${displayPath(file)}: ${problem}`);
    super(lines.join('\n'));
    this.problems = list;
    this.lines = lines;
  }
}

/** Relative to the working directory when inside it: what an operator typed. */
export function displayPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}

/** Line and column (1-based) of a character offset. */
function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return `line ${line}, column ${column}`;
}

/** Read and parse a JSON file; a missing file or a syntax error says where. */
export function readJsonFile(file: string): unknown {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new ConfigFileError(file, code === 'ENOENT' ? 'no such file' : `cannot be read (${code ?? String(err)})`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const at = /at position (\d+)/.exec(message);
    const where = at ? lineAndColumn(text, Number(at[1])) : /end of JSON input/.test(message) ? lineAndColumn(text, text.length) : null;
    const reason = message.replace(/ in JSON at position \d+.*$/, '').replace(/^Unexpected end of JSON input$/, 'the file ends too early');
    throw new ConfigFileError(file, `invalid JSON${where ? ` at ${where}` : ''}: ${reason}`);
  }
}
