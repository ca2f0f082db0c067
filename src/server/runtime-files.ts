/**
 * The files the server reads from disk at run time: the database migrations (with drizzle-kit's
 * journal) and the two contracts (openapi/admin-api.yaml, play-api.yaml).
 * Run from the sources (tsx, the tests) they are read where they live in the repository. The compiled
 * server (build/server/main.js, made by scripts/build-server.mjs) carries copies of them beside it, so
 * build/server needs nothing of the sources: the build defines __SERVER_BUNDLE__ to say which is which.
 * The build also writes each contract as JSON beside its YAML (parsing the YAML takes about half a
 * second at start; the JSON, a millisecond).
 */
import { fileURLToPath } from 'node:url';

declare const __SERVER_BUNDLE__: boolean | undefined;

/** True in the compiled server (build/server), false from the sources. */
export const bundled = typeof __SERVER_BUNDLE__ !== 'undefined' && __SERVER_BUNDLE__;

/** drizzle-kit's migrations folder (SQL files and meta/_journal.json). */
export const migrationsFolder = fileURLToPath(new URL(bundled ? './migrations' : './db/migrations', import.meta.url));

/** The folder holding admin-api.yaml and play-api.yaml (and, in the compiled server, their JSON twins). */
export const contractFolder = fileURLToPath(new URL(bundled ? './openapi' : '../../openapi', import.meta.url));
