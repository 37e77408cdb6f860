/**
 * Editing a deployment config document as the switches section does: a plugin's switch for all
 * regions (the base block) and per region (an override, written only where it differs from the
 * base, so a region follows later changes of the base), and a plugin's settings at either level.
 * Pure and immutable: the page keeps the draft, the server checks it.
 */
import type { RegionCode } from '@portal/plugin-api/contract';

type Settings = Record<string, unknown>;
interface Switch {
  enabled?: boolean;
  config?: Settings;
}
/** The parts of a deployment config the section edits; every other field is kept as it is. */
export interface SwitchesDoc {
  plugins: Record<string, Switch>;
  regions?: Partial<Record<RegionCode, { plugins?: Record<string, Switch> }>>;
  [field: string]: unknown;
}

/** Where a switch or a setting is written: the base block (every region) or one region's override. */
export type SwitchScope = 'base' | RegionCode;

export function asSwitchesDoc(body: unknown): SwitchesDoc {
  const doc = body as Partial<SwitchesDoc> | null;
  return { ...(doc ?? {}), plugins: doc?.plugins ?? {}, regions: doc?.regions ?? {} } as SwitchesDoc;
}

export function baseOn(doc: SwitchesDoc, id: string): boolean {
  return doc.plugins[id]?.enabled === true;
}

/** The region's own switch, or undefined where it follows the base. */
export function regionOverride(doc: SwitchesDoc, id: string, region: RegionCode): boolean | undefined {
  return doc.regions?.[region]?.plugins?.[id]?.enabled;
}

/** On in the region as the document says (before the plugins' needs are applied: the server's preview says those). */
export function switchedOn(doc: SwitchesDoc, id: string, region: RegionCode): boolean {
  return regionOverride(doc, id, region) ?? baseOn(doc, id);
}

/** Drops empty override objects, so a region that follows the base again has nothing left in the document. */
function tidyRegion(doc: SwitchesDoc, region: RegionCode): SwitchesDoc {
  const plugins = Object.fromEntries(Object.entries(doc.regions?.[region]?.plugins ?? {}).filter(([, sw]) => sw.enabled !== undefined || (sw.config && Object.keys(sw.config).length)));
  const regions = { ...doc.regions };
  const rest = { ...regions[region] };
  delete rest.plugins;
  if (Object.keys(plugins).length) regions[region] = { ...rest, plugins };
  else if (Object.keys(rest).length) regions[region] = rest;
  else delete regions[region];
  return { ...doc, regions };
}

export function setBase(doc: SwitchesDoc, id: string, on: boolean): SwitchesDoc {
  return { ...doc, plugins: { ...doc.plugins, [id]: { ...doc.plugins[id], enabled: on } } };
}

/** Turns a plugin on or off in one region: an override where that differs from the base, none where it does not. */
export function setInRegion(doc: SwitchesDoc, id: string, region: RegionCode, on: boolean): SwitchesDoc {
  const own = { ...doc.regions?.[region]?.plugins?.[id] };
  if (on === baseOn(doc, id)) delete own.enabled;
  else own.enabled = on;
  const plugins = { ...doc.regions?.[region]?.plugins, [id]: own };
  return tidyRegion({ ...doc, regions: { ...doc.regions, [region]: { ...doc.regions?.[region], plugins } } }, region);
}

/** A plugin's settings written at one level (an empty object removes a region's). */
export function settingsAt(doc: SwitchesDoc, id: string, scope: SwitchScope): Settings {
  return (scope === 'base' ? doc.plugins[id]?.config : doc.regions?.[scope]?.plugins?.[id]?.config) ?? {};
}

export function setSettings(doc: SwitchesDoc, id: string, scope: SwitchScope, settings: Settings): SwitchesDoc {
  const empty = Object.keys(settings).length === 0;
  if (scope === 'base') {
    const own: Switch = { ...doc.plugins[id], enabled: baseOn(doc, id) };
    if (empty) delete own.config;
    else own.config = settings;
    return { ...doc, plugins: { ...doc.plugins, [id]: own } };
  }
  const own = { ...doc.regions?.[scope]?.plugins?.[id] };
  if (empty) delete own.config;
  else own.config = settings;
  const plugins = { ...doc.regions?.[scope]?.plugins, [id]: own };
  return tidyRegion({ ...doc, regions: { ...doc.regions, [scope]: { ...doc.regions?.[scope], plugins } } }, scope);
}

/** Settings typed as JSON: an object, or the parser's complaint. */
export function parseSettings(text: string): { ok: true; value: Settings } | { ok: false } {
  try {
    const value: unknown = JSON.parse(text.trim() || '{}');
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? { ok: true, value: value as Settings } : { ok: false };
  } catch {
    return { ok: false };
  }
}
