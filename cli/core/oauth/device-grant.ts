import { setTimeout as sleep } from 'node:timers/promises';
import { CliError } from '../cli-error.ts';
import { requireEndpoint, type AuthServerMetadata } from '../../../runtime/oauth/authorization-server.ts';
import type { Fetch } from '../../../runtime/oauth/fetch-json.ts';
import { OAuthResponseError, postForm, requestToken, type TokenResponse } from '../../../runtime/oauth/token-endpoint.ts';

/** The device authorization response (RFC 8628 §3.2). */
export interface DeviceAuthorization {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete?: string;
  expires_in: number;
  interval?: number;
}

/** RFC 8628 §3.1: asks for a device code and a user code. */
export async function startDeviceAuthorization(
  fetcher: Fetch,
  as: AuthServerMetadata,
  clientId: string,
  scope: string,
  resources: string[],
): Promise<DeviceAuthorization> {
  const endpoint = requireEndpoint(as, 'device_authorization_endpoint', 'the device login (RFC 8628)');
  const json = await postForm(
    fetcher,
    endpoint,
    { scope, resource: resources },
    { client_id: clientId, token_endpoint_auth_method: 'none' },
    'The device login request',
  );
  if (typeof json.device_code !== 'string' || typeof json.user_code !== 'string' || typeof json.verification_uri !== 'string') {
    throw new CliError('the device authorization answer lacks device_code, user_code or verification_uri', 'ERR_BAD_DOCUMENT');
  }
  return json as unknown as DeviceAuthorization;
}

/**
 * RFC 8628 §3.4–3.5: polls the token endpoint every `interval` seconds (5 by default), five more after each
 * slow_down, until the person approves, denies, or the code expires.
 */
export async function pollDeviceToken(
  fetcher: Fetch,
  as: AuthServerMetadata,
  clientId: string,
  device: DeviceAuthorization,
  resource: string,
  now: () => number,
): Promise<TokenResponse> {
  let interval = device.interval ?? 5;
  const deadline = now() + device.expires_in * 1000;
  for (;;) {
    await sleep(interval * 1000);
    try {
      return await requestToken(
        fetcher,
        as.token_endpoint,
        { grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: device.device_code, resource },
        { client_id: clientId, token_endpoint_auth_method: 'none' },
        'The device login',
      );
    } catch (error) {
      if (!(error instanceof OAuthResponseError)) throw error;
      if (error.error === 'slow_down') interval += 5;
      else if (error.error === 'expired_token')
        throw new CliError('the device code expired before anyone approved it: run `warden login --device` again', 'ERR_DEVICE_EXPIRED');
      else if (error.error === 'access_denied') throw new CliError('sign-in was denied on the other device', 'ERR_OAUTH_ACCESS_DENIED');
      else if (error.error !== 'authorization_pending') throw error;
      if (now() > deadline)
        throw new CliError('the device code expired before anyone approved it: run `warden login --device` again', 'ERR_DEVICE_EXPIRED');
    }
  }
}
