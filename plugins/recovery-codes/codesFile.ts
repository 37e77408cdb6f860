import { saveBlob } from '@portal/plugin-api';

/** The text a saved set of codes is: a heading line, then one code per line. */
export function codesText(heading: string, codes: readonly string[]): string {
  return `${heading}\n\n${codes.join('\n')}\n`;
}

/** Saves `text` as a file the browser downloads (no server round trip: the codes never leave the page again). */
export function downloadText(fileName: string, text: string): void {
  saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), fileName);
}
