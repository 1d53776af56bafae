#!/usr/bin/env node
// A StatsD harness for the footprint benchmark: SERIES timers at RATE samples/s each for
// SECONDS, sent to STATSD_HOST:STATSD_PORT (set by `levelfield-agent run --adapter statsd`).
//
// Lines are packed into datagrams of at most 1432 bytes, as StatsD/DogStatsD clients buffer
// them (datadog-go's default for UDP, statsd clients' maxBufferSize): with these ~35-byte
// lines that is ~40 lines per datagram, 2,400 datagrams/s at 100,000 samples/s. PACK=N caps
// the lines per datagram; PACK=1 is the unbuffered worst case, one datagram per sample.
// One sample per line, the common (and for the agent the costliest) form. The samples due
// are sent every 10 ms.
// Prints {"sent": N, "datagrams": D} when done.
import dgram from 'node:dgram';

const series = Number(process.env.LOAD_SERIES ?? 10);
const rate = Number(process.env.LOAD_RATE ?? 10_000);
const seconds = Number(process.env.LOAD_SECONDS ?? 20);
const pack = Number(process.env.LOAD_PACK ?? 0) || Number.POSITIVE_INFINITY;
const host = process.env.STATSD_HOST ?? '127.0.0.1';
const port = Number(process.env.STATSD_PORT ?? 8125);
const MAX_DATAGRAM = 1432;

const socket = dgram.createSocket('udp4');
const start = performance.now();
let sent = 0;
let datagrams = 0;
let seed = 42;
/** Exponential latencies in ms with a floor, from a small LCG: cheap and reproducible. */
function latencyMs() {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return (0.2 - Math.log(1 - seed / 2_147_483_648) * 2).toFixed(3);
}

function send(packet) {
  socket.send(packet, port, host);
  datagrams += 1;
}

function tick() {
  const elapsed = (performance.now() - start) / 1000;
  const due = Math.min(elapsed, seconds) * rate * series;
  let packet = '';
  let lines = 0;
  while (sent < due) {
    const line = `bench.latency:${latencyMs()}|ms|#series:s${sent % series}`;
    if (lines >= pack || packet.length + line.length + 1 > MAX_DATAGRAM) {
      send(packet);
      packet = '';
      lines = 0;
    }
    packet = packet ? `${packet}\n${line}` : line;
    lines += 1;
    sent += 1;
  }
  if (packet) send(packet);
  if (elapsed >= seconds) {
    // Let the last datagrams leave before the socket closes.
    setTimeout(() => {
      socket.close();
      process.stdout.write(`${JSON.stringify({ sent, datagrams })}\n`);
    }, 100);
    return;
  }
  setTimeout(tick, 10);
}
tick();
