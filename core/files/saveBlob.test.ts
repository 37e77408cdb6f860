import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveBlob } from './saveBlob';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('saveBlob', () => {
  it('clicks a hidden download link of an object URL, takes it out of the page, and revokes the URL a minute later', () => {
    vi.useFakeTimers();
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:file');
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const blob = new Blob(['PK']);
    saveBlob(blob, 'unified-id-data.zip');
    expect(created).toHaveBeenCalledWith(blob);
    expect(clicked).toHaveLength(1);
    expect(clicked[0]).toMatchObject({ download: 'unified-id-data.zip', rel: 'noopener', hidden: true });
    expect(clicked[0]!.getAttribute('href')).toBe('blob:file');
    expect(clicked[0]!.isConnected).toBe(false);
    // A slow disk may still be reading the bytes: the URL lives on for a while.
    vi.advanceTimersByTime(59_000);
    expect(revoked).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(revoked).toHaveBeenCalledWith('blob:file');
  });
});
