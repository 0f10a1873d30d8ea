import { IdleWatch } from './idle-watch.ts';

/**
 * An upstream body as a web stream under the idle limit (proxy/forward/idle-watch.ts): the limit counts while the
 * client waits for a chunk. When it passes, the upstream read is cancelled and the stream ends as the watch says,
 * after `onIdle` is told.
 */
export function withIdleLimit(
  body: ReadableStream<Uint8Array>,
  options: { idleMs: number; contentType: string | null; onIdle?: () => void },
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let out!: ReadableStreamDefaultController<Uint8Array>;
  /** Set once the stream has ended, failed or been cancelled: a read that settles afterwards is dropped. */
  let over = false;
  const watch = new IdleWatch(options.idleMs, options.contentType, (brokenBy) => {
    over = true;
    options.onIdle?.();
    reader.cancel('upstream idle').catch(() => {});
    if (brokenBy) out.error(brokenBy);
    else out.close();
  });
  return new ReadableStream<Uint8Array>({
    start: (controller) => {
      out = controller;
    },
    async pull(controller) {
      // Pulled: the client can take a chunk, so the upstream's silence counts until one arrives.
      watch.resume();
      try {
        const result = await reader.read();
        watch.hold();
        if (over) return;
        if (result.done) {
          over = true;
          watch.stop();
          controller.close();
        } else controller.enqueue(result.value);
      } catch (error) {
        watch.stop();
        if (over) return;
        over = true;
        controller.error(error);
      }
    },
    cancel(reason) {
      over = true;
      watch.stop();
      return reader.cancel(reason);
    },
  });
}
