// The wrapped "benchmark" of the agent's end-to-end tests: a Node script (for `node -e`) that
// reports over StatsD to the address the agent's statsd adapter gives it (STATSD_HOST,
// STATSD_PORT), so a test controls exactly what is measured and counts what was sent.

export interface HarnessOptions {
  /** How long it reports, from its start. */
  seconds: number;
  /** One report every this many milliseconds. */
  everyMs: number;
  /** A JavaScript expression of `sent` (reports so far): the StatsD lines of one report. */
  lines: string;
  /**
   * Wait until the file named by the environment variable HARNESS_START_FILE exists before
   * starting, so the test can get ready (viewers subscribed) while the run already exists.
   */
  waitForStartFile?: boolean;
}

/** The script's source; at the end it prints `{"sent": N}`, the number of reports. */
export function statsdHarness({ seconds, everyMs, lines, waitForStartFile = false }: HarnessOptions): string {
  return `
const dgram = require('node:dgram');
const fs = require('node:fs');
const socket = dgram.createSocket('udp4');
function report() {
  const end = Date.now() + ${seconds} * 1000;
  let sent = 0;
  const timer = setInterval(() => {
    if (Date.now() >= end) {
      clearInterval(timer);
      setTimeout(() => { socket.close(); console.log(JSON.stringify({ sent })); }, 200);
      return;
    }
    socket.send(${lines}, +process.env.STATSD_PORT, process.env.STATSD_HOST);
    sent += 1;
  }, ${everyMs});
}
if (${waitForStartFile}) {
  const wait = setInterval(() => {
    if (!fs.existsSync(process.env.HARNESS_START_FILE)) return;
    clearInterval(wait);
    report();
  }, 20);
} else {
  report();
}
`;
}
