/** A build-time JSON file body: pretty-printed, newline-terminated. */
export function toJsonResponse(value: unknown, contentType = 'application/json'): Response {
  return new Response(`${JSON.stringify(value, null, 2)}\n`, { headers: { 'Content-Type': contentType } });
}
