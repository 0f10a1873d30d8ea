/**
 * Everything the commands run, behind one door, loaded on first use (see load-cores.ts): `--version` and
 * `--help` never run the MCP SDK, zod or the OAuth flows.
 */
export { CliError, usageError } from './core/cli-error.ts';
export { createCredentialStore } from './core/credential-store.ts';
export { toAuthProvider } from './core/bridge-auth.ts';
export { loginWithBrowser } from './core/oauth/browser-login.ts';
export { pollDeviceToken, startDeviceAuthorization } from './core/oauth/device-grant.ts';
export { registerWorkload } from './core/register-workload.ts';
export { revokeLogin } from './core/revoke-login.ts';
export { saveLogin } from './core/save-login.ts';
export { requireSecureUrl } from '../runtime/oauth/secure-url.ts';
export { readMachine, toUpdateTarget } from './core/machine.ts';
export { updateSelf } from './core/self-update.ts';
export { discoverMcpEndpoint, discoverService } from './core/service.ts';
export { toStatusLines } from './core/status-lines.ts';
export { runStdioBridge } from './core/stdio-bridge.ts';
export { createTokenSource } from './core/token-source.ts';
