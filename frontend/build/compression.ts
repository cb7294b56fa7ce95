import zlib from "node:zlib";

/** The brotli and gzip copies the build puts beside each text asset (vite.config.ts), at full strength. */
export const GZIP_OPTIONS: zlib.ZlibOptions = { level: 9 };
export const BROTLI_OPTIONS: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } };
/** Below 1 kB a second file is not worth it. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** Each compressed copy's suffix, and how it is made. */
export const COMPRESSED_COPIES: readonly [suffix: string, compress: (text: string) => Buffer][] = [
  [".gz", (text) => zlib.gzipSync(text, GZIP_OPTIONS)],
  [".br", (text) => zlib.brotliCompressSync(text, BROTLI_OPTIONS)],
];
