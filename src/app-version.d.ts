/** Injected by vite.config.ts at build time; also written to dist/version.txt. */
declare const __APP_VERSION__: string;
