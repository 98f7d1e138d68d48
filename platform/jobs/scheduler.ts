import type { Ctx } from "../modules/context";
import { advanceImageSaves } from "../modules/images/advance";
import { advanceTransitions } from "../modules/instances/transitions";
import { runBilling } from "./billing";
import { runCloudDiskExpiry } from "./cloud-disk-expiry";
import { deliverMessages } from "./deliver-messages";
import { expireRecharges } from "./expire-recharges";
import { runPackageExpiry } from "./package-expiry";
import { purgeUnattachedUploads } from "./purge-unattached-uploads";
import { runRetention } from "./retention";
import { runVerificationCleanup } from "./verification-cleanup";
import { purgeVerificationFiles } from "./verification-retention";
import { expireStudentVerifications } from "./student-expiry";
import { fireScheduledShutdowns } from "../modules/instances/schedule-fire";
import { describeFault } from "../modules/fault-log";
import { runGpuFreeNotices } from "../modules/gpu-notice/send";
import { purgeOldSecondStepTickets } from "../modules/accounts/second-step-login";
import { purgeOldSignInRecords } from "../modules/accounts/sign-in-records";
import { purgeOldWechatScenes } from "../modules/wechat/scenes";
import { runSubAccountBudgetStops } from "./sub-account-budget-stops";
import { runPointsEarning, runPointsExpiry } from "./points";
import { runPartnerCommission } from "./partner-commission";

interface Job {
  name: string;
  everyMs: number;
  run: (ctx: Ctx) => Promise<unknown>;
}

/** The platform's background jobs (DESIGN.md, Jobs); billing, package expiry and retention with issue 12. */
export const JOBS: Job[] = [
  /** The delivery outbox (decision 058); a commit that queues a message also runs it at once. */
  { name: "deliver-messages", everyMs: 5_000, run: deliverMessages },
  { name: "expire-recharges", everyMs: 60_000, run: expireRecharges },
  { name: "purge-unattached-uploads", everyMs: 60 * 60_000, run: purgeUnattachedUploads },
  /** Sign-in records older than 180 days (issue 38 §1). */
  { name: "purge-sign-in-records", everyMs: 60 * 60_000, run: purgeOldSignInRecords },
  /** Two-step login's tickets a day after they lapse (decision 103). */
  { name: "purge-second-step-tickets", everyMs: 60 * 60_000, run: purgeOldSecondStepTickets },
  /** WeChat QR scenes a day after they ended (issue 38 §2). */
  { name: "purge-wechat-scenes", everyMs: 60 * 60_000, run: purgeOldWechatScenes },
  /** Verification files past their time (decision 101): hourly, a bounded batch per run. */
  { name: "purge-verification-files", everyMs: 60 * 60_000, run: purgeVerificationFiles },
  /** Student verifications end at graduation (decision 101): every 10 minutes, a bounded batch per run. */
  { name: "expire-student-verifications", everyMs: 10 * 60_000, run: expireStudentVerifications },
  /** The simulated fleet's state changes (creating → running, stopping → stopped, …), due every few seconds. */
  { name: "advance-instance-transitions", everyMs: 1_000, run: advanceTransitions },
  /** Custom images whose copy is done become available (decision 088). */
  { name: "advance-image-saves", everyMs: 2_000, run: advanceImageSaves },
  { name: "billing", everyMs: 60_000, run: runBilling },
  { name: "package-expiry", everyMs: 60_000, run: runPackageExpiry },
  { name: "retention", everyMs: 60_000, run: runRetention },
  { name: "cloud-disk-expiry", everyMs: 60_000, run: runCloudDiskExpiry },
  /** Scheduled shutdowns (decision 087): every 15 s, so one fires within its minute. */
  { name: "scheduled-shutdowns", everyMs: 15_000, run: fireScheduledShutdowns },
  /** Sub-accounts at their monthly budget with "stop at budget" (decision 107): a bounded batch each minute. */
  { name: "sub-account-budget-stops", everyMs: 60_000, run: runSubAccountBudgetStops },
  /** GPU free notices (decision 092): expired after 24 h, else sent once when the host has the GPUs. */
  { name: "gpu-free-notices", everyMs: 10_000, run: runGpuFreeNotices },
  /** Expired sandbox face sessions and stale ID card readings (decision 099), in bounded batches. */
  { name: "verification-cleanup", everyMs: 10 * 60_000, run: runVerificationCleanup },
  /** Points for cash spending (carried fractions), refunds' clawback and the verification event (decision 116). */
  { name: "points-earning", everyMs: 60_000, run: runPointsEarning },
  /** Expired points lots written off (decisions 111 and 116). */
  { name: "points-expiry", everyMs: 60 * 60_000, run: runPointsExpiry },
  /** Sales-partner commission (decision 115): accrual every 10 minutes; a month settles once its holding period ends. */
  { name: "partner-commission", everyMs: 10 * 60_000, run: runPartnerCommission },
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
        .catch((error: unknown) => console.error(`[jobs] ${job.name} failed: ${describeFault(error)}`))
        .finally(() => (running = false));
    }, job.everyMs);
    timer.unref();
    return timer;
  });
  return () => timers.forEach(clearInterval);
}
