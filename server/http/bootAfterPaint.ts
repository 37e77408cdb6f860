/**
 * The login shell's page starts the app after its first paint (issue 17). The shell paints from
 * the document alone, so nothing else has to arrive first; when the app's scripts and preload
 * hints sit in the head, the browser fetches them while it parses, and on a slow link they
 * share the connection with the document and delay that paint. Here they are moved into a small
 * list that one inline script starts right after the first frame: the same requests, in the same
 * order and all at once (the chain is no deeper), one frame later.
 *
 * The script's text never changes, so the CSP allows it by its hash (`script-src 'self' 'sha256-…'`)
 * rather than a nonce: no other inline script can run. Its list is JSON data, not code.
 */
import { createHash } from 'node:crypto';
import type { PreloadFiles } from './preloadHints';

/**
 * Reads the list, adds its preload hints and then its module script, once the browser reports the
 * first paint (a `paint` performance entry: the frame was shown, not only drawn; after the next frame
 * where that is not reported). A hidden tab paints nothing, so it starts at once there, and a timer
 * makes sure a paint that never comes cannot hold the app back.
 */
export const BOOT_SCRIPT =
  '(function(){var d=document,started=false;function start(){if(started)return;started=true;' +
  "var list=JSON.parse(d.getElementById('portal-boot').textContent),head=d.head,i,el;" +
  "for(i=0;i<list.modules.length;i++){el=d.createElement('link');el.rel='modulepreload';el.href=list.modules[i];head.appendChild(el)}" +
  "for(i=0;i<list.data.length;i++){el=d.createElement('link');el.rel='preload';el.as='fetch';el.crossOrigin='anonymous';el.href=list.data[i];head.appendChild(el)}" +
  "el=d.createElement('script');el.type='module';el.src=list.entry;head.appendChild(el)}" +
  'if(d.hidden)return start();setTimeout(start,1000);' +
  "var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0){" +
  "new P(function(l,o){o.disconnect();start()}).observe({type:'paint',buffered:true})}" +
  'else{requestAnimationFrame(function(){setTimeout(start,0)})}})();';

/** The CSP source that allows BOOT_SCRIPT and nothing else inline. */
export const BOOT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(BOOT_SCRIPT, 'utf8').digest('base64')}'`;

const ENTRY = /<script type="module"(?: [a-z-]+="[^"]*")* src="(\/assets\/[A-Za-z0-9._/-]+\.js)"><\/script>/;
/** The build's own hints in index.html (React, the entry): the only markup read back here. */
const MODULE_HINT = /<link rel="modulepreload" href="(\/assets\/[A-Za-z0-9._/-]+)">/g;

export interface BootList {
  entry: string;
  modules: string[];
  data: string[];
}

/**
 * The page with its entry script and the build's module hints taken out of the markup, and with
 * `files` (the server's preload hints, preloadHints.ts, not yet written into the page), started by
 * BOOT_SCRIPT at the end of the body instead; null when the page has no entry script this knows
 * (then the caller writes the hints as usual). Every address is a same-origin /assets/ path.
 */
export function bootAfterPaint(html: string, files: PreloadFiles): { html: string; list: BootList } | null {
  const entry = ENTRY.exec(html);
  if (!entry || !html.includes('</body>')) return null;
  const modules: string[] = [];
  const add = (href: string) => {
    // The entry's own hint is its script now.
    if (href !== entry[1] && !modules.includes(href)) modules.push(href);
  };
  const out = html.replace(entry[0], '').replace(MODULE_HINT, (_tag, href: string) => {
    add(href);
    return '';
  });
  files.modules.forEach(add);
  const list: BootList = { entry: entry[1]!, modules, data: [...new Set(files.data)] };
  // Only /assets/ paths (the patterns above and preloadHints.ts): nothing in the list can close its element.
  const tags = `<script type="application/json" id="portal-boot">${JSON.stringify(list)}</script><script>${BOOT_SCRIPT}</script>`;
  return { html: out.replace('</body>', `${tags}</body>`), list };
}
