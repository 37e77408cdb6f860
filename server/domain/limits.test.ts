import { describe, expect, it } from 'vitest';
import { clientNetwork, SlidingCounter } from './limits';

describe('SlidingCounter.hold', () => {
  it('counts a hit at once, tells how many came before, and takes it back once', () => {
    let now = 1_000_000;
    const counter = new SlidingCounter(60_000, () => now);
    const first = counter.hold('k');
    const second = counter.hold('k');
    expect([first.before, second.before, counter.count('k')]).toEqual([0, 1, 2]);
    first.release();
    first.release();
    expect(counter.count('k')).toBe(1);
    now += 60_001;
    expect(counter.count('k')).toBe(0);
    second.release(); // already out of the window: nothing else is taken
    expect(counter.hold('k').before).toBe(0);
  });

  it('drops expired keys first when the key bound is passed, so live counts survive a flood', () => {
    let now = 0;
    const counter = new SlidingCounter(1000, () => now);
    for (let i = 0; i < 49_999; i++) counter.add(`flood-${i}`);
    now = 500;
    counter.add('target');
    now = 1200; // the flood is out of the window, the target's hit is not
    for (let i = 0; i < 3; i++) counter.add(`next-${i}`); // past 50 000 keys
    expect(counter.count('target')).toBe(1);
    expect(counter.count('flood-1')).toBe(0);
  });
});

describe('clientNetwork', () => {
  it('keys IPv4 by address and IPv6 by its /64 network', () => {
    expect(clientNetwork('198.51.100.7')).toBe('198.51.100.7');
    expect(clientNetwork('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientNetwork('2001:db8:5:6::1')).toBe('2001:db8:5:6::/64');
    expect(clientNetwork('2001:0DB8:0005:0006:ffff:1:2:3')).toBe('2001:db8:5:6::/64');
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
  });
});
