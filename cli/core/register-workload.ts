import type { WorkloadClient } from './credential-file.ts';
import type { Fetch } from '../../runtime/oauth/fetch-json.ts';
import { registerWorkloadClient } from '../../runtime/oauth/register-workload-client.ts';
import type { Service } from './service.ts';

/**
 * Registers a workload client for the service with a registration code (runtime/oauth: RFC 7591 with the code
 * as initial access token) and stamps when, as the credentials file keeps it.
 */
export async function registerWorkload(
  fetcher: Fetch,
  service: Service,
  code: string,
  clientName: string,
  now: () => number,
): Promise<WorkloadClient> {
  const client = await registerWorkloadClient(fetcher, service.as, { code, clientName, scopes: service.scopes });
  return { ...client, registered_at: new Date(now()).toISOString() };
}
