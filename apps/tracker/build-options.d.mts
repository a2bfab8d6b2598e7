import type { BuildOptions } from 'esbuild';

export declare const options: BuildOptions;
export declare function bundle(entry?: string): Promise<{ code: string; gzipBytes: number }>;
