/**
 * The plugin API for a plugin's `config.ts` (`@portal/plugin-api/config`): config shapes, the
 * contract's types and constants, and the typed handle of the plugin's settings. It imports nothing
 * but pure modules, because the server and `npm run config:check` load every plugin's `config.ts` to
 * check deployment configs with it.
 *
 * @packageDocumentation
 */
export { anyObject, array, boolean, matches, number, object, oneOf, record, string } from '../config/shape';
export type { Infer, JsonSchema, ObjectOf, ObjectOptions, OptionalShape, Options, RecordOptions, Shape, ShapeError } from '../config/shape';
export * from './contract';
export { pluginConfig, type PluginConfigRef } from './configRef';
