import { isEventStreamType } from './forwarder.ts';

/**
 * Ends a body the upstream let go idle: with no error, cleanly; with one, broken off. An event stream ends cleanly,
 * as a server may close an SSE response at any time and the client resumes (MCP Streamable HTTP: Last-Event-ID);
 * any other body breaks off, so the client sees it incomplete rather than complete (RFC 9112 §8).
 */
export type EndIdle = (brokenBy: Error | undefined) => void;

/**
 * The upstream idle limit, the one rule every forwarder keeps: after the head, the upstream may stay silent for at
 * most `ms` while the client can take a chunk. The wait for the first bytes counts; a client too slow to read does
 * not (`hold` while it cannot take more, `resume` when it can).
 */
export class IdleWatch {
  readonly ms: number;
  /** Whether the body ends cleanly when idle (an event stream), else breaks off. */
  readonly clean: boolean;
  #end: EndIdle;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #stopped = false;

  constructor(ms: number, contentType: string | null | undefined, end: EndIdle) {
    this.ms = ms;
    this.clean = isEventStreamType(contentType);
    this.#end = end;
  }

  /** Starts counting: the head arrived, and the first bytes are awaited under the limit. */
  start(): void {
    if (this.#stopped || this.#timer !== undefined) return;
    // The watch rides along as the timer's argument: no closure per exchange.
    this.#timer = setTimeout(IdleWatch.#fire, this.ms, this);
  }

  /** A chunk arrived: the limit counts again from now. */
  touch(): void {
    const timer = this.#timer;
    if (timer === undefined) return;
    // Node's timers re-arm in place; where a timer is an id (workerd), it is set again.
    if (typeof timer === 'object') timer.refresh();
    else {
      this.hold();
      this.start();
    }
  }

  /** The client cannot take a chunk now: its slowness is not the upstream's silence. */
  hold(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /** The client can take a chunk again: the limit counts from now. */
  resume(): void {
    this.start();
  }

  /** The body is over (ended, failed, or the client left): the watch never fires. */
  stop(): void {
    this.#stopped = true;
    this.hold();
  }

  /** The limit passed: the body ends as its type says. */
  static #fire(watch: IdleWatch): void {
    if (watch.#stopped) return;
    watch.stop();
    watch.#end(watch.clean ? undefined : new Error(`the upstream sent nothing for ${watch.ms} ms`));
  }
}
