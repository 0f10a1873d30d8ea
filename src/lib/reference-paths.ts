/** Public paths of the generated reference pages, defined once for pages, sidebar, llms.txt and tests. */
export const REFERENCE_PATHS = {
  endpoints: '/docs/reference/endpoints',
  tools: '/docs/tools',
  demo: '/docs/demo',
} as const;

/** `getHealthV1` → `get-health-v1`: the kebab-case slug of an operationId. */
export function toOperationSlug(operationId: string): string {
  return operationId.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** `getHealth` → `/docs/reference/get-health`: the reference page of one operation. */
export function toOperationPath(operationId: string): string {
  return `/docs/reference/${toOperationSlug(operationId)}`;
}

/** `get_run` → `/docs/tools/get_run`: the reference page of one MCP tool (its name, as clients call it). */
export function toToolPath(name: string): string {
  return `${REFERENCE_PATHS.tools}/${name}`;
}
