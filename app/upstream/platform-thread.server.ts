import { Worker } from "node:worker_threads";
import { PLATFORM_THREAD_ROLE, type WireRequest, type WireResponse } from "../../platform/thread/wire";

type Settle = { resolve: (reply: WireResponse & { ok: true }) => void; reject: (error: Error) => void };

/**
 * The platform on a worker thread of this process (docs/decisions/011-platform-thread.md).
 * The thread starts on first use. If it dies, the requests in flight fail and
 * the next request starts a new one. It keeps the process alive only while
 * requests are in flight.
 */
export class PlatformThread {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Settle>();

  constructor(private readonly file: URL) {}

  request(message: Omit<WireRequest, "id">): Promise<WireResponse & { ok: true }> {
    const worker = (this.worker ??= this.start());
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      // Held while requests are in flight, so a script awaiting one is not cut short.
      if (this.pending.size === 0) worker.ref();
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ ...message, id } satisfies WireRequest, message.body ? [message.body] : []);
    });
  }

  private start(): Worker {
    const worker = new Worker(this.file, { workerData: { role: PLATFORM_THREAD_ROLE } });
    worker.on("message", (reply: WireResponse) => {
      const settle = this.pending.get(reply.id);
      if (!settle) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if (reply.ok) settle.resolve(reply);
      else settle.reject(new Error(`platform: ${reply.error}`));
    });
    worker.on("error", (error: unknown) =>
      this.abandon(worker, error instanceof Error ? error : new Error(String(error))),
    );
    worker.on("exit", (code) => this.abandon(worker, new Error(`platform thread exited with code ${code}`)));
    // After the listeners: attaching a message listener refs the worker's port again.
    worker.unref();
    return worker;
  }

  /** Every request in flight went to this worker, so all of them fail with it. */
  private abandon(worker: Worker, error: Error) {
    if (this.worker !== worker) return;
    this.worker = null;
    for (const settle of this.pending.values()) settle.reject(error);
    this.pending.clear();
  }
}
