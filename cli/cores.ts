/**
 * Everything the commands run, behind one door: the single executable keeps this part out of its start-up
 * script and loads it on first use (see load-cores.ts), so `--version` and `--help` stay as fast as Node.
 */
export { CliError, usageError } from './core/cli-error.ts';
export { createCredentialStore } from './core/credential-store.ts';
export { toAuthProvider } from './core/bridge-auth.ts';
export { loginWithBrowser } from './core/oauth/browser-login.ts';
export { pollDeviceToken, startDeviceAuthorization } from './core/oauth/device-grant.ts';
export { registerWorkload } from './core/register-workload.ts';
export { toTarget } from './core/release-sums.ts';
export { revokeLogin } from './core/revoke-login.ts';
export { saveLogin } from './core/save-login.ts';
export { requireSecureUrl } from './core/secure-url.ts';
export { updateSelf } from './core/self-update.ts';
export { discoverMcpEndpoint, discoverService } from './core/service.ts';
export { toStatusLines } from './core/status-lines.ts';
export { runStdioBridge } from './core/stdio-bridge.ts';
export { createTokenSource } from './core/token-source.ts';
