/** `npm run warden -- <args>`: the CLI from source, with the defaults a build would bake in from content. */
import { getContentDir, readContent } from '../src/content/read-content.ts';
import { toBuildDefaults } from './to-build-defaults.ts';
import { createFactory } from './factory.ts';
import { runProgram } from './program.ts';

const { site } = readContent(getContentDir(), process.env);
process.exitCode = await runProgram(createFactory(process, toBuildDefaults(site), false), process.argv.slice(2));
