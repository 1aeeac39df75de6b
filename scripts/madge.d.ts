// The part of madge's API scripts/cycles.ts uses (madge 8 ships no types; @types/madge describes version 5).
declare module 'madge' {
  interface MadgeConfig {
    baseDir?: string;
    fileExtensions?: string[];
    excludeRegExp?: RegExp[];
    tsConfig?: string | { compilerOptions: Record<string, unknown> };
    detectiveOptions?: Record<string, Record<string, unknown>>;
  }
  interface MadgeResult {
    /** Each cycle as the files in it, in import order. */
    circular(): string[][];
    /** Imports madge could not resolve to a file (npm packages are left out on purpose). */
    warnings(): { skipped: string[] };
  }
  export default function madge(paths: string | string[], config?: MadgeConfig): Promise<MadgeResult>;
}
