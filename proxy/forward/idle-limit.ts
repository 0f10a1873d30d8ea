/**
 * An upstream body that must keep moving: when no chunk arrives for `idleMs` while the client waits for one, the
 * upstream read is cancelled. An event stream then ends cleanly, as a server may close an SSE response at any time
 * and the client reconnects (MCP Streamable HTTP: resumability, Last-Event-ID); any other body errors, so the client
 * sees the response broken off rather than complete (RFC 9112 §8). `onIdle` is told either way.
 */
export function withIdleLimit(body: ReadableStream<Uint8Array>, options: { idleMs: number; cleanEnd: boolean; onIdle?: () => void }): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const idle = new Promise<'idle'>((resolve) => (timer = setTimeout(() => resolve('idle'), options.idleMs)));
      try {
        const result = await Promise.race([reader.read(), idle]);
        if (result === 'idle') {
          options.onIdle?.();
          reader.cancel('upstream idle').catch(() => {});
          if (options.cleanEnd) controller.close();
          else controller.error(new Error(`the upstream sent nothing for ${options.idleMs} ms`));
        } else if (result.done) controller.close();
        else controller.enqueue(result.value);
      } catch (error) {
        controller.error(error);
      } finally {
        clearTimeout(timer);
      }
    },
    cancel(reason) {
      clearTimeout(timer);
      return reader.cancel(reason);
    },
  });
}
