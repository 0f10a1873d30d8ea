/** What loading astro.config.mjs gave: the config Astro would build with, or what the loading threw. */
export interface LoadedAstroConfig {
  config?: { site?: string; integrations: unknown[] };
  error?: unknown;
}

let loads = 0;

/**
 * Loads astro.config.mjs as Astro does before it builds anything, with `env` set in process.env for the load and put
 * back after it: the config reads and validates the content (and the release it pins) when it loads, so a build over
 * the same environment stops where this load throws. BASE_URL is the site's: vitest sets it to Vite's base ("/").
 */
export async function loadAstroConfig(env: Record<string, string>): Promise<LoadedAstroConfig> {
  const set = { BASE_URL: 'https://warden.example', ...env };
  const saved = Object.fromEntries(Object.keys(set).map((name) => [name, process.env[name]]));
  Object.assign(process.env, set);
  try {
    // A query of its own per load: a fresh evaluation of the config, not the module cache's.
    const url = `${new URL('../../astro.config.mjs', import.meta.url).href}?load=${++loads}`;
    const loaded = (await import(/* @vite-ignore */ url)) as { default: LoadedAstroConfig['config'] };
    return { config: loaded.default };
  } catch (error) {
    return { error };
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}
