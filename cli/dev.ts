/** `npm run warden -- <args>`: the CLI from source, with the defaults a build would bake in from content. */
import { getContentDir, readContent } from '../content-model/read-content.ts';
import { toBuildDefaults } from './to-build-defaults.ts';
import { createFactory } from './factory.ts';
import { runProgram } from './program.ts';

// The CLI bakes in no release pins: RELEASE_DIR is for the site build.
const { site } = readContent(getContentDir(), { ...process.env, RELEASE_DIR: undefined });
process.exitCode = await runProgram(createFactory(process, toBuildDefaults(site), false), process.argv.slice(2));
