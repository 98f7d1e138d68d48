import type { Ctx } from "../modules/context";
import { advanceTransitions } from "../modules/instances/transitions";
import { expireRecharges } from "./expire-recharges";
import { purgeUnattachedUploads } from "./purge-unattached-uploads";

interface Job {
  name: string;
  everyMs: number;
  run: (ctx: Ctx) => Promise<unknown>;
}

/** The platform's background jobs (DESIGN.md, Jobs). Billing and package expiry join with the market issue. */
export const JOBS: Job[] = [
  { name: "expire-recharges", everyMs: 60_000, run: expireRecharges },
  { name: "purge-unattached-uploads", everyMs: 60 * 60_000, run: purgeUnattachedUploads },
  /** The simulated fleet's state changes (creating → running, stopping → stopped, …), due every few seconds. */
  { name: "advance-instance-transitions", everyMs: 1_000, run: advanceTransitions },
];

/**
 * Runs each job on its interval in this process, one run of a job at a time;
 * a failed run is logged and the next one tries again. Returns a stop function.
 */
export function startJobs(ctx: Ctx, jobs: Job[] = JOBS): () => void {
  const timers = jobs.map((job) => {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      job
        .run(ctx)
        .catch((error: Error) => console.error(`[jobs] ${job.name} failed: ${error.message}`))
        .finally(() => (running = false));
    }, job.everyMs);
    timer.unref();
    return timer;
  });
  return () => timers.forEach(clearInterval);
}
