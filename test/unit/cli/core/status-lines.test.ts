import { describe, expect, it } from 'vitest';
import { toRelativeTime, toStatusLines } from '../../../../cli/core/status-lines.ts';

const now = Date.parse('2026-11-01T12:00:00Z');

describe('auth status lines', () => {
  it('say who, which client, scopes and expiry, and never a secret', () => {
    const lines = toStatusLines(
      {
        version: 1,
        issuers: {
          'https://as.example': {
            login: {
              client_id: 'warden-cli',
              refresh_token: 'RT-SECRET',
              scope: 'warden:access',
              subject: 'ada',
              resources: ['https://app.example'],
              logged_in_at: '2026-11-01T11:00:00.000Z',
            },
            workload: {
              client_id: 'wl-1',
              client_secret: 'CS-SECRET',
              token_endpoint_auth_method: 'client_secret_basic',
              scope: 'warden:access',
              registered_at: '2026-10-01T00:00:00.000Z',
            },
            tokens: {
              'https://app.example': {
                access_token: 'AT-SECRET',
                issued_at: now - 60_000,
                expires_at: now + 540_000,
                scope: 'warden:access',
                from: 'login',
              },
            },
          },
          'https://empty.example': { tokens: {} },
        },
      },
      now,
    );
    expect(lines).toEqual([
      'https://as.example (authorization server)',
      '  Logged in as ada with client warden-cli since 2026-11-01T11:00:00.000Z; scopes: warden:access',
      '  Workload client wl-1 (client_secret_basic), registered 2026-10-01T00:00:00.000Z; scopes: warden:access',
      '  Access token for https://app.example (from the login): expires in 9 min',
      '  Calls use the login; the workload client is used when there is no login.',
    ]);
    expect(lines.join('\n')).not.toMatch(/SECRET/);
  });

  it('reads times as a person would', () => {
    expect([toRelativeTime(now + 30_000, now), toRelativeTime(now + 7_200_000, now), toRelativeTime(now - 180_000, now)]).toEqual([
      'expires in 30 s',
      'expires in 2 h',
      'expired 3 min ago',
    ]);
  });
});
