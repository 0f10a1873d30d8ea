import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';

/** The account every human login of the sandbox becomes: no account needed (contract §1). */
export const DEMO_USER = 'demo-user';

/** Auto-approves a login/consent interaction as the demo user, granting what the client asked for. */
export async function finishDemoInteraction(provider: Provider, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  if (details.prompt.name === 'login') {
    await provider.interactionFinished(req, res, { login: { accountId: DEMO_USER } }, { mergeWithLastSubmission: false });
    return;
  }
  const accountId = details.session?.accountId ?? DEMO_USER;
  const grant = details.grantId
    ? (await provider.Grant.find(details.grantId))!
    : new provider.Grant({ accountId, clientId: String(details.params.client_id) });
  const missing = details.prompt.details as {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) grant.addResourceScope(indicator, scopes.join(' '));
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}

/** Mints a registration code (a one-time initial access token bound to the workload-client policy). */
export async function mintRegistrationCode(provider: Provider, policy: string, expiresIn = 3600): Promise<string> {
  return new provider.InitialAccessToken({ expiresIn, policies: [policy] }).save();
}
