import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { BOOT_SCRIPT, BOOT_SCRIPT_SOURCE, bootAfterPaint } from './bootAfterPaint';

/** As the build writes it (the entry and its own hints), with the shell's logo hint. */
const PAGE =
  '<!doctype html><html><head><meta charset="utf-8">' +
  '<script type="module" src="/assets/main-a1.js"></script><link rel="modulepreload" href="/assets/react-b2.js"><link rel="modulepreload" href="/assets/main-a1.js">' +
  '<link rel="preload" as="image" fetchpriority="high" href="/api/branding/logo.svg"></head>' +
  '<body><div id="boot-shell"></div><div id="root"></div></body></html>';
/** The server's hints for the page (preloadHints.ts), one of them the build's own again. */
const FILES = { modules: ['/assets/manifests-c3.js', '/assets/react-b2.js'], data: ['/assets/l10n-x/de_DE/_first.json'] };

describe('the shell page starts the app after its first paint', () => {
  it("moves the entry script, the build's hints and the server's into the list, in order, each once", () => {
    const booted = bootAfterPaint(PAGE, FILES)!;
    expect(booted.list).toEqual({ entry: '/assets/main-a1.js', modules: ['/assets/react-b2.js', '/assets/manifests-c3.js'], data: ['/assets/l10n-x/de_DE/_first.json'] });
    const markup = booted.html.replace(BOOT_SCRIPT, '');
    expect(markup).not.toContain('<script type="module"');
    expect(markup).not.toContain('modulepreload');
    expect(markup).not.toContain('as="fetch"');
    // What paints is left where it was: the logo's hint stays in the head.
    expect(booted.html).toContain('<link rel="preload" as="image" fetchpriority="high" href="/api/branding/logo.svg"></head>');
    expect(booted.html).toContain(`<div id="root"></div><script type="application/json" id="portal-boot">${JSON.stringify(booted.list)}</script><script>${BOOT_SCRIPT}</script></body>`);
  });

  it('is allowed by the CSP through the hash of its exact text', () => {
    const digest = createHash('sha256').update(BOOT_SCRIPT).digest('base64');
    expect(BOOT_SCRIPT_SOURCE).toBe(`'sha256-${digest}'`);
  });

  it('leaves a page alone when it has no entry script it knows', () => {
    expect(bootAfterPaint('<html><head></head><body></body></html>', FILES)).toBeNull();
    expect(bootAfterPaint('<html><head><script type="module" src="https://cdn.example/app.js"></script></head><body></body></html>', FILES)).toBeNull();
  });

  describe('runs', () => {
    const list = { entry: '/assets/main-a1.js', modules: ['/assets/react-b2.js'], data: ['/assets/l10n-x/en_US/_first.json'] };
    const started = [
      { tag: 'link', rel: 'modulepreload', href: '/assets/react-b2.js' },
      { tag: 'link', rel: 'preload', as: 'fetch', crossOrigin: 'anonymous', href: '/assets/l10n-x/en_US/_first.json' },
      { tag: 'script', type: 'module', src: '/assets/main-a1.js' },
    ];

    /** The script in a stand-in page: what it added to the head, and the callbacks it is waiting on. */
    function run(opts: { hidden?: boolean; paintEntries?: boolean }) {
      const added: Array<Record<string, unknown>> = [];
      const frames: Array<() => void> = [];
      const timers: Array<{ run: () => void; ms: number }> = [];
      const observers: Array<{ callback: (list: unknown, o: { disconnect(): void }) => void; options: unknown; disconnected: boolean }> = [];
      class FakeObserver {
        static supportedEntryTypes = opts.paintEntries ? ['paint', 'resource'] : ['resource'];
        entry: (typeof observers)[number];
        constructor(callback: (typeof observers)[number]['callback']) {
          this.entry = { callback, options: null, disconnected: false };
          observers.push(this.entry);
        }
        observe(options: unknown) {
          this.entry.options = options;
        }
      }
      const document = {
        hidden: opts.hidden ?? false,
        head: { appendChild: (el: Record<string, unknown>) => added.push(el) },
        createElement: (tag: string) => ({ tag }),
        getElementById: (id: string) => (id === 'portal-boot' ? { textContent: JSON.stringify(list) } : null),
      };
      // The page's script as the browser runs it, in a context of its own with these stand-ins as its globals.
      runInNewContext(BOOT_SCRIPT, {
        document,
        window: { PerformanceObserver: FakeObserver },
        requestAnimationFrame: (f: () => void) => frames.push(f),
        setTimeout: (f: () => void, ms: number) => timers.push({ run: f, ms }),
        JSON,
      });
      const paint = () => {
        for (const o of observers) o.callback({}, { disconnect: () => (o.disconnected = true) });
      };
      return { added, frames, timers, observers, paint };
    }

    it('adds the hints, then the entry, when the first paint is reported (also one already past), once', () => {
      const page = run({ paintEntries: true });
      expect(page.added).toEqual([]);
      expect(page.observers.map((o) => o.options)).toEqual([{ type: 'paint', buffered: true }]);
      page.paint();
      expect(page.added).toEqual(started);
      expect(page.observers[0]!.disconnected).toBe(true);
      // The timer that stands in for a paint that never comes does not start it twice.
      expect(page.timers.map((t) => t.ms)).toEqual([1000]);
      page.timers[0]!.run();
      expect(page.added).toEqual(started);
    });

    it('starts after a second at the latest when no paint is reported', () => {
      const page = run({ paintEntries: true });
      page.timers[0]!.run();
      expect(page.added).toEqual(started);
    });

    it('waits for the next frame where paints are not reported', () => {
      const page = run({ paintEntries: false });
      expect(page.observers).toEqual([]);
      page.frames.shift()!();
      expect(page.added).toEqual([]);
      page.timers.find((t) => t.ms === 0)!.run();
      expect(page.added).toEqual(started);
    });

    it('starts at once in a hidden tab, which paints nothing', () => {
      const page = run({ hidden: true, paintEntries: true });
      expect(page.added).toEqual(started);
      expect(page.observers).toEqual([]);
      expect(page.timers).toEqual([]);
    });
  });
});
