import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Which widths a story is shot at is each Loki configuration's `skipStories` in package.json
 * (tests/visual/README.md, "Widths"). The references must follow it exactly: none for a
 * skipped width (a full `visual.sh update` deletes those), one for every other width.
 * Loki names a reference `<configuration>_<title> <story>` with every non-alphanumeric as `_`,
 * and the patterns accept `/`, ` ` and `_` as separators, so they apply to both spellings.
 */
const repo = path.resolve(import.meta.dirname, '..');
const loki = (JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')) as {
  loki: { configurations: Record<string, { width: number; skipStories?: string }> };
}).loki;
const widths = Object.entries(loki.configurations).map(([name, c]) => ({
  name,
  file: name.replace(/[^a-zA-Z0-9]/g, '_'),
  skips: (story: string) => (c.skipStories ? new RegExp(c.skipStories, 'i').test(story) : false),
}));
const shotAt = (story: string) => widths.filter((w) => !w.skips(story)).map((w) => w.name);

const referenceDir = path.join(repo, 'tests/visual/reference');
const references = fs.readdirSync(referenceDir).filter((f) => f.endsWith('.png'));
function storyOf(file: string): { width: string; story: string } {
  const width = widths.find((w) => file.startsWith(`${w.file}_`));
  if (!width) throw new Error(`${file} belongs to no Loki configuration`);
  return { width: width.name, story: file.slice(width.file.length + 1, -'.png'.length) };
}

describe('visual widths', () => {
  it('components at one width, login views and steps at a phone and a desktop width, pages at three', () => {
    expect(shotAt('UI/Button Primary')).toEqual(['chrome.375']);
    expect(shotAt('Visual/Smoke Midnight Theme')).toEqual(['chrome.375']);
    expect(shotAt('UI/Media Breakpoints')).toEqual(['chrome.375', 'chrome.1024', 'chrome.1366']);
    expect(shotAt('Plugins/SignIn/SignInView Empty')).toEqual(['chrome.375', 'chrome.1366']);
    expect(shotAt('Plugins/LoginLayout/EmailSentView Generic')).toEqual(['chrome.375', 'chrome.1366']);
    expect(shotAt('Plugins/LoginLayout/LoginPage Default Banner')).toEqual(['chrome.375', 'chrome.1024', 'chrome.1366']);
    expect(shotAt('Plugins/Profile/ProfilePage Right To Left')).toEqual(['chrome.375', 'chrome.1024', 'chrome.1366']);
    // A theme changes colours, not layout: one (desktop) width.
    expect(shotAt('Plugins/Profile/ProfilePage Dark Theme')).toEqual(['chrome.1366']);
    expect(shotAt('Plugins/SignIn/SignInView Client Theme')).toEqual(['chrome.1366']);
    // A story in Arabic (the mirrored layout): a phone and a wide desktop, like a login view.
    expect(shotAt('Plugins/Profile/ProfilePage Arabic')).toEqual(['chrome.375', 'chrome.1366']);
    expect(shotAt('Plugins/Profile/ProfilePage Arabic Editing')).toEqual(['chrome.375', 'chrome.1366']);
    expect(shotAt('Plugins_LoginLayout_LoginPage_Arabic')).toEqual(['chrome.375', 'chrome.1366']);
    expect(shotAt('Plugins/Profile/ProfilePage Arabic Dark Theme')).toEqual(['chrome.1366']);
    // The same decision for the file-name spelling of a story.
    expect(shotAt('Plugins_SignIn_SignInView_Client_Theme')).toEqual(['chrome.1366']);
    expect(shotAt('UI_Media_Breakpoints')).toHaveLength(3);
    // The ops console is a desktop tool: its pages and dialogs at 1024 and 1366, in Arabic too;
    // its sign-in and enrolment cards at a phone width as well.
    expect(shotAt('Plugins/OpsConsole/OperatorsView As Admin')).toEqual(['chrome.1024', 'chrome.1366']);
    expect(shotAt('Plugins/OpsConsole/OperatorsView Arabic')).toEqual(['chrome.1024', 'chrome.1366']);
    expect(shotAt('Plugins_OpsConsole_ConfirmDialog_Code_Only')).toEqual(['chrome.1024', 'chrome.1366']);
    expect(shotAt('Plugins/OpsConsole/SignInView Empty')).toEqual(['chrome.375', 'chrome.1024', 'chrome.1366']);
    expect(shotAt('Plugins/OpsSwitches/SwitchesView As Operator')).toEqual(['chrome.1024', 'chrome.1366']);
    expect(shotAt('Plugins_OpsSwitches_SwitchesView_Arabic')).toEqual(['chrome.1024', 'chrome.1366']);
    expect(shotAt('Plugins/OpsConsole/SignInView Arabic Second Step')).toEqual(['chrome.375', 'chrome.1024', 'chrome.1366']);
    expect(shotAt('Plugins_OpsConsole_EnrolView_Authenticator_App')).toEqual(['chrome.375', 'chrome.1024', 'chrome.1366']);
  });

  it('there is no reference for a width a story is not shot at', () => {
    const stray = references.filter((file) => {
      const { width, story } = storyOf(file);
      return !shotAt(story).includes(width);
    });
    expect(stray, 'delete these (a full `bash scripts/visual.sh update` does)').toEqual([]);
  });

  it('every story with a reference has one at each width it is shot at', () => {
    const have = new Set(references);
    const stories = new Set(references.map((f) => storyOf(f).story));
    const missing = [...stories].flatMap((story) =>
      shotAt(story)
        .map((name) => `${widths.find((w) => w.name === name)!.file}_${story}.png`)
        .filter((file) => !have.has(file)),
    );
    expect(missing).toEqual([]);
    expect(stories.size).toBeGreaterThan(300);
  });
});
