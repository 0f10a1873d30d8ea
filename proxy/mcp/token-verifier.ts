import type { JWTVerifyGetKey } from 'jose';
import { createAccessTokenVerifier, type VerifyAccessToken } from '../../runtime/auth/access-token.ts';
import type { AppConfig } from '../config.ts';

/** The access-token check of the MCP gate, when signing keys are configured (else the upstream verifies). */
export function toTokenVerifier(config: AppConfig, deps: { getKey?: JWTVerifyGetKey; now?: () => number }): VerifyAccessToken | undefined {
  return deps.getKey
    ? createAccessTokenVerifier({ issuer: config.token.issuer, audiences: config.token.audiences, getKey: deps.getKey, now: deps.now })
    : undefined;
}
