/**
 * How fast this machine's CPU is right now, printed beside every bench's
 * figures. The sandbox this project is measured on shares its cores: the same
 * work has taken anywhere from 1× to 2× as long within minutes (decision 049).
 * A fixed single-threaded loop, timed three times, the fastest kept: lower is
 * faster; about 270 ms is what it takes on a quiet minute. A figure measured while the
 * loop takes 400 ms is from a machine running at two thirds of its speed.
 */
const ITERATIONS = 100_000_000;

function loopMs(): number {
  const started = performance.now();
  let x = 0;
  for (let i = 0; i < ITERATIONS; i++) x += i % 7;
  const ms = performance.now() - started;
  if (x < 0) throw new Error("unreachable");
  return ms;
}

/** The fastest of three runs of the loop, in ms. */
export function machineSpeedMs(): number {
  return Math.min(loopMs(), loopMs(), loopMs());
}

export function machineSpeedLine(when: string): string {
  return `machine speed ${when}: ${machineSpeedMs().toFixed(0)} ms for the reference loop (about 270 ms on a quiet minute; lower is faster)`;
}
