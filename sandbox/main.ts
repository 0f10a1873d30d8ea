import { z } from 'zod';
import { DEFAULT_SANDBOX_PORT, startSandbox } from './start.ts';
import { LOCAL, toLocalUrl } from '../runtime/local-defaults.ts';
import { LOG_LEVELS } from '../runtime/log-levels.ts';
import { createLogger } from '../runtime/node/create-logger.ts';
import { exitOnStartFailure } from '../runtime/node/start-failure.ts';

// Zod on the environment: a bad value stops start-up naming the variable.
const env = z
  .object({
    SANDBOX_HOST: z.string().default('127.0.0.1'),
    SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_SANDBOX_PORT),
    BASE_URL: z.url({ protocol: /^https?$/ }).default(toLocalUrl(LOCAL.edgePort)),
    SANDBOX_DATA_DIR: z.string().min(1).optional(),
    SANDBOX_ACCESS_TOKEN_TTL: z.coerce.number().int().min(10).max(86_400).optional(),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  })
  .safeParse(process.env);
if (!env.success) {
  console.error(env.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
  process.exit(1);
}

const sandbox = await startSandbox({
  host: env.data.SANDBOX_HOST,
  port: env.data.SANDBOX_PORT,
  baseUrl: env.data.BASE_URL,
  dataDir: env.data.SANDBOX_DATA_DIR,
  accessTokenTtl: env.data.SANDBOX_ACCESS_TOKEN_TTL,
  logger: createLogger({ level: env.data.LOG_LEVEL, service: 'sandbox' }),
}).catch((error: unknown) => exitOnStartFailure({ name: 'npm run sandbox', ports: ['SANDBOX_PORT'] }, error, false));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void sandbox.close().then(() => process.exit(0)));
