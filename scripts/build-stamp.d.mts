// Types of build-stamp.mjs (plain JavaScript: the launcher runs it on installs without TypeScript).
export const ROOT: string;
export const SERVER_OUT: string;
export const APP_STAMP: string;
export const SERVER_STAMP: string;
export const APP_INPUTS: string[];
export function digest(paths: Iterable<string>, root?: string): string;
export function appBuildIsCurrent(root?: string): boolean;
export function serverBuildIsCurrent(root?: string): boolean;
