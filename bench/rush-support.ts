/**
 * What the rush benchmarks share (bench/coupon-rush.ts, bench/release-rush.ts):
 * CPU time of the platform and of PostgreSQL from /proc, a whole HTTP/1.1
 * response's body, percentiles, waiting for the platform's health, and one
 * request per TCP connection written as prepared bytes (a load generator that
 * does as little as it can on two shared cores).
 */
import { readdirSync, readFileSync } from "node:fs";
import { connect } from "node:net";

/** A process's CPU time so far (user + system), in ms, from /proc/<pid>/stat (clock ticks of 10 ms). */
export function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** CPU time so far of every PostgreSQL process on this machine (the server and its backends), in ms. */
export function postgresCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (!stat.includes("(postgres)")) continue;
      const fields = stat.split(") ")[1]!.split(" ");
      total += (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

/** The body of a whole HTTP/1.1 response (Content-Length or chunked). */
export function httpBody(response: string): string {
  const split = response.indexOf("\r\n\r\n");
  if (split < 0) throw new Error(`not an HTTP response: ${response.slice(0, 80)}`);
  const head = response.slice(0, split).toLowerCase();
  let body = response.slice(split + 4);
  if (!head.includes("transfer-encoding: chunked")) return body;
  let decoded = "";
  for (;;) {
    const line = body.indexOf("\r\n");
    const size = parseInt(body.slice(0, line), 16);
    if (!size) return decoded;
    decoded += body.slice(line + 2, line + 2 + size);
    body = body.slice(line + 2 + size + 2);
  }
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export async function waitForHealth(base: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the platform did not start");
}

/** A form POST's bytes, built before the clock starts. */
export function formPostBytes(host: string, port: number, path: string, fields: Record<string, string>): Buffer {
  const body = new URLSearchParams(fields).toString();
  return Buffer.from(
    `POST ${path} HTTP/1.1\r\nHost: ${host}:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Sends prepared request bytes on a new connection; the time until the server closed it and the reply's outcome. */
export function sendOnce(host: string, port: number, requestBytes: Buffer, success: string) {
  return new Promise<{ ms: number; outcome: string }>((resolve, reject) => {
    const started = performance.now();
    const chunks: Buffer[] = [];
    const socket = connect(port, host, () => socket.write(requestBytes));
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const ms = performance.now() - started;
      try {
        const reply = JSON.parse(httpBody(Buffer.concat(chunks).toString("utf8"))) as { status: number; key?: string };
        resolve({ ms, outcome: reply.status === 0 ? success : (reply.key ?? `status ${reply.status}`) });
      } catch (error) {
        reject(error);
      }
    });
  });
}
