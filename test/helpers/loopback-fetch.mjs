// Preloaded (node --import) into a checker the tests run as a child process: its fetch may reach loopback only, so
// nothing leaves the machine whatever the checker's version does.
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
const fetchAnywhere = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const target = new URL(input instanceof Request ? input.url : String(input));
  if (!LOOPBACK.has(target.hostname)) return Promise.reject(new TypeError(`test: loopback only, not ${target.origin}`));
  return fetchAnywhere(input, init);
};
