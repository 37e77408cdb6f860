/**
 * Saves a Blob under `fileName`: the browser's download, never shown inside the portal. Files a
 * call returns with the access token (a licence, a copy of one's data, an audit log) or that the
 * page made itself (recovery codes) are saved this way, since a plain link would open without it.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The download has taken the bytes by then; the URL must not keep them alive.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
