/** Codes are read character by character: a fixed-width face keeps the groups aligned. */
export const MONO = "ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace";
