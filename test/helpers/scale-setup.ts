import { buildScaleSite, SCALE_PAGES } from './scale-site.ts';

/** Global set-up of the `scale` test project: the generated site the build and edge tests then read (WARDEN_TEST_DIST). */
export default function setup(): void {
  const seconds = buildScaleSite();
  console.error(seconds ? `Built the ${SCALE_PAGES}-page site in ${seconds.toFixed(0)} s` : `Kept the ${SCALE_PAGES}-page site built from the same sources`);
}
