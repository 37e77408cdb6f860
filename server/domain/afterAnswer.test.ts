import { describe, expect, it } from 'vitest';
import { AfterAnswer } from './afterAnswer';

describe('AfterAnswer', () => {
  it('starts a task only once its answer was sent, and idle waits for it (and for what it starts)', async () => {
    const log: string[] = [];
    const later = new AfterAnswer((message) => log.push(message));
    let send: () => void = () => undefined;
    const sent = new Promise<void>((resolve) => (send = resolve));
    const steps: string[] = [];
    later.run('first', sent, async () => {
      steps.push('first');
      later.run('second', Promise.resolve(), async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        steps.push('second');
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(steps).toEqual([]);
    send();
    await later.idle();
    expect(steps).toEqual(['first', 'second']);
    expect(log).toEqual([]);
  });

  it('logs a failed task by name and goes on', async () => {
    const log: string[] = [];
    const later = new AfterAnswer((message) => log.push(message));
    later.run('mail', Promise.resolve(), async () => {
      throw new Error('SMTP down');
    });
    later.run('other', Promise.resolve(), async () => undefined);
    await later.idle();
    expect(log).toEqual(['mail failed after the answer: SMTP down']);
  });
});
