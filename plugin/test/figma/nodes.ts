/**
 * Node classes of the in-memory Figma. They follow the Plugin API's shapes and enforce its
 * rules (validation of every write, frozen getters, geometry from parents, auto layout,
 * fonts loaded before text edits) so that code passing here behaves the same in Figma.
 */
export * from "./base";
export * from "./geometry";
export * from "./scene";
export * from "./shapes";
export * from "./frame";
export * from "./text";
