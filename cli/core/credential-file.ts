import { z } from 'zod';

/** A workload client registered with a registration code (RFC 7591 response fields the CLI keeps). */
const workloadSchema = z.object({
  client_id: z.string(),
  client_secret: z.string(),
  token_endpoint_auth_method: z.enum(['client_secret_basic', 'client_secret_post']),
  scope: z.string().optional(),
  registered_at: z.string(),
});

/** A human login: the public client's refresh token and who it belongs to. */
const loginSchema = z.object({
  client_id: z.string(),
  refresh_token: z.string(),
  scope: z.string(),
  subject: z.string().optional(),
  /** Every RFC 8707 resource the grant covers (a refresh may ask for any of them). */
  resources: z.array(z.string()),
  logged_in_at: z.string(),
});

/** An access token kept until shortly before it expires, for one resource. */
const cachedTokenSchema = z.object({
  access_token: z.string(),
  /** Milliseconds since the epoch. */
  issued_at: z.number(),
  expires_at: z.number(),
  scope: z.string(),
  from: z.enum(['login', 'workload']),
});

/** Everything stored for one authorization server (keyed by its issuer, so two services never mix). */
const issuerSchema = z.object({
  workload: workloadSchema.optional(),
  login: loginSchema.optional(),
  tokens: z.record(z.string(), cachedTokenSchema).default({}),
});

/** `credentials.json`. */
export const credentialFileSchema = z.object({
  version: z.literal(1),
  issuers: z.record(z.string(), issuerSchema),
});

export type CredentialFile = z.infer<typeof credentialFileSchema>;
export type IssuerCredentials = z.infer<typeof issuerSchema>;
export type WorkloadClient = z.infer<typeof workloadSchema>;
export type Login = z.infer<typeof loginSchema>;
export type CachedToken = z.infer<typeof cachedTokenSchema>;

/** An empty file. */
export function emptyCredentialFile(): CredentialFile {
  return { version: 1, issuers: {} };
}
