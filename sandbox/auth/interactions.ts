import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { toSignInPage, type ScopeLine } from '../pages/auth-pages.ts';
import { HTML_HEADERS } from '../pages/layout.ts';

/** The account every human sign-in of the sandbox becomes: no account needed (contract SERVICE-5). */
export const DEMO_USER = 'demo-user';

/** What the sign-in page shows besides the request itself. */
export interface InteractionOptions {
  product: string;
  /** Every scope of the service with its description (content/site.yaml). */
  scopes: ScopeLine[];
  /** Pre-registered clients, named as such on the page. */
  knownClients: readonly string[];
}

type Details = Awaited<ReturnType<Provider['interactionDetails']>> & { lastSubmission?: { login?: { accountId?: string } } };

const toList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : []);

/** Grants what the client asked for and is still missing, then returns the browser to the authorization. */
async function finishConsent(provider: Provider, req: IncomingMessage, res: ServerResponse, details: Details): Promise<void> {
  const accountId = details.session?.accountId ?? DEMO_USER;
  const clientId = String(details.params.client_id);
  const grant = details.grantId ? (await provider.Grant.find(details.grantId))! : new provider.Grant({ accountId, clientId });
  const missing = (details.prompt.details ?? {}) as {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
    grant.addResourceScope(indicator, scopes.join(' '));
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}

async function describe(provider: Provider, details: Details, options: InteractionOptions, action: string) {
  const clientId = String(details.params.client_id);
  const client = await provider.Client.find(clientId);
  const clientName = client?.clientName ?? clientId;
  const clientSource = options.knownClients.includes(clientId)
    ? `${options.product}'s own client`
    : /^https:\/\//.test(clientId)
      ? `metadata document at ${new URL(clientId).host}`
      : 'registered itself; the name is its own claim';
  const requested = toList(details.params.scope).flatMap((s) => s.split(' '));
  const scopes = options.scopes.filter((s) => requested.includes(s.name));
  const redirect = typeof details.params.redirect_uri === 'string' ? URL.parse(details.params.redirect_uri) : null;
  const returnTo = redirect ? (redirect.origin !== 'null' ? redirect.origin : `${redirect.protocol}//`) : undefined;
  const resources = toList(details.params.resource);
  return toSignInPage({ product: options.product, clientName, clientSource, scopes, resources, returnTo, action });
}

/**
 * GET of an interaction: the sign-in page (which client, which scopes, Continue or Cancel). A consent prompt that
 * follows a sign-in the person just made on that page (oidc-provider asks for login and consent in two steps) is
 * finished at once: they approved exactly this request a moment ago.
 */
export async function showInteraction(
  provider: Provider,
  req: IncomingMessage,
  res: ServerResponse,
  options: InteractionOptions,
): Promise<void> {
  const details = (await provider.interactionDetails(req, res)) as Details;
  if (details.prompt.name === 'consent' && details.lastSubmission?.login?.accountId) return finishConsent(provider, req, res, details);
  res.writeHead(200, HTML_HEADERS);
  res.end(await describe(provider, details, options, `/interaction/${details.uid}`));
}

/** POST of an interaction: Continue signs in as the demo user and grants the request; Cancel answers access_denied. */
export async function decideInteraction(
  provider: Provider,
  req: IncomingMessage,
  res: ServerResponse,
  decision: string | undefined,
): Promise<void> {
  const details = (await provider.interactionDetails(req, res)) as Details;
  if (decision !== 'continue') {
    // RFC 6749 §4.1.2.1: the resource owner denied the request.
    const result = { error: 'access_denied', error_description: 'The person cancelled the sign-in.' };
    await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
    return;
  }
  if (details.prompt.name === 'login') {
    await provider.interactionFinished(req, res, { login: { accountId: DEMO_USER } }, { mergeWithLastSubmission: false });
    return;
  }
  await finishConsent(provider, req, res, details);
}

/** Mints a registration code: a one-time RFC 7591 initial access token bound to a registration policy. */
export async function mintRegistrationCode(provider: Provider, policy: string, expiresIn = 3600): Promise<string> {
  return new provider.InitialAccessToken({ expiresIn, policies: [policy] }).save();
}
