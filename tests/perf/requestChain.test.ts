import { describe, expect, it } from 'vitest';
import { chainDepth, chainDepths, type RecordedRequest } from './requestChain';

const doc: RecordedRequest = { id: 'd', url: 'http://x/login', type: 'Document', sentAt: 0, endedAt: 1, initiator: { type: 'other' } };
const main: RecordedRequest = { id: 'm', url: 'http://x/assets/main.js', type: 'Script', sentAt: 1, endedAt: 2, initiator: { type: 'parser', url: doc.url } };
const react: RecordedRequest = { id: 'r', url: 'http://x/assets/react.js', type: 'Script', sentAt: 1, endedAt: 2, initiator: { type: 'parser', url: doc.url } };

describe('request chain depth', () => {
  it('counts the document as one and what its markup asks for as two', () => {
    expect(chainDepths([doc, main, react])).toEqual(new Map([['d', 1], ['m', 2], ['r', 2]]));
  });

  it('adds one for each script that asked for the next', () => {
    const chunk: RecordedRequest = { id: 'c', url: 'http://x/assets/view.js', type: 'Script', sentAt: 3, endedAt: 4, initiator: { type: 'script', url: main.url } };
    const nested: RecordedRequest = { id: 'n', url: 'http://x/assets/field.js', type: 'Script', sentAt: 5, initiator: { type: 'script', url: chunk.url } };
    expect(chainDepth([doc, main, chunk, nested])).toBe(4);
  });

  it('counts a wait for data a script made before its next request, not one that had not finished', () => {
    const logged: RecordedRequest = { id: 'l', url: 'http://x/api/logged', type: 'Fetch', sentAt: 2, endedAt: 3, initiator: { type: 'script', url: main.url } };
    const branding: RecordedRequest = { id: 'b', url: 'http://x/api/branding', type: 'Fetch', sentAt: 2, endedAt: 9, initiator: { type: 'script', url: main.url } };
    const view: RecordedRequest = { id: 'v', url: 'http://x/assets/view.js', type: 'Script', sentAt: 4, endedAt: 5, initiator: { type: 'script', url: main.url } };
    const depths = chainDepths([doc, main, logged, branding, view]);
    expect(depths.get('l')).toBe(3);
    expect(depths.get('b')).toBe(3);
    // main is 2, but it waited for /api/logged (3): the view is the fourth trip
    expect(depths.get('v')).toBe(4);
  });

  it('does not let a preload hint inherit a wait for data', () => {
    const logged: RecordedRequest = { id: 'l', url: 'http://x/api/logged', type: 'Fetch', sentAt: 2, endedAt: 3, initiator: { type: 'script', url: main.url } };
    const hinted: RecordedRequest = { id: 'h', url: 'http://x/assets/view.js', type: 'Script', sentAt: 4, initiator: { type: 'parser', url: doc.url } };
    expect(chainDepths([doc, main, logged, hinted]).get('h')).toBe(2);
  });
});
