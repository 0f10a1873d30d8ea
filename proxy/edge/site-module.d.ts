// The module proxy/edge/bundle.ts generates at bundle time: the content facts and dist files of one build.
declare module 'warden:embedded-site' {
  import type { EmbeddedSite } from './embedded-site.ts';
  const site: EmbeddedSite;
  export default site;
}
