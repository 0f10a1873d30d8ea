// The module scripts/worker-bundle.ts generates at bundle time: the facts of one build (its `_build.json`).
declare module 'warden:build-facts' {
  import type { BuildFacts } from '../../facts/build-facts.ts';
  const facts: BuildFacts;
  export default facts;
}
