import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import jwt from 'jsonwebtoken';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { createTestDatabase } from '../../support/test-database.js';
import { summarise as summariseProfile } from '../support/cpu-profile.js';
import { describeMachine, megabytes } from '../support/machine.js';
import { backendCpuBetween, cpuOf, processCpuBetween } from '../support/process-cpu.js';

/**
 * Conversations under load, on PostgreSQL: the built gateway(s) as separate processes, `--members` members
 * connected by Socket.IO (half on each gateway with `--gateways 2`), paired into conversations, and messages
 * sent over HTTP at `--rate` a second for `--seconds`. Delivery is the time from sending the POST to the
 * other member's socket receiving `message`; every message must arrive exactly once. Then the rate is raised
 * until p99 passes 50 ms (the knee), and `GET /api/connections` and a history page are measured against the
 * floor (an unknown /api path) in the same run. Setup writes the members and connections in SQL and signs
 * their access tokens with the run's own secret: this measures conversations, not sign-up.
 *
 * Members connect spread over `--connect-over` seconds (default 25, the ping interval), as members who arrive
 * over time do: engine.io pings each socket every 25 s from its connect, so sockets that all connect within a
 * few seconds (`--connect-over 0`, as after a gateway restarts) bunch every heartbeat into one burst.
 *
 *   DATABASE_URL=postgres://… npm run bench -- chat [--members 5000] [--rate 500] [--seconds 60] [--gateways 1]
 */
const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '5000' },
    rate: { type: 'string', default: '500' },
    seconds: { type: 'string', default: '60' },
    gateways: { type: 'string', default: '1' },
    warmup: { type: 'string', default: '5' },
    'connect-over': { type: 'string', default: '25' },
    'no-knee': { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
  },
});
const members = Number(values.members);
const rate = Number(values.rate);
const seconds = Number(values.seconds);
const gatewayCount = Number(values.gateways);
const warmupSeconds = Number(values.warmup);
const connectOverSeconds = Number(values['connect-over']);
if (
  !process.env.DATABASE_URL ||
  !(members >= 2) ||
  members % 2 ||
  !(rate > 0) ||
  !(seconds > 0) ||
  !(warmupSeconds >= 0) ||
  !(connectOverSeconds >= 0) ||
  ![1, 2].includes(gatewayCount)
) {
  console.error(
    'usage: DATABASE_URL=postgres://… npm run bench -- chat [--members even N] [--rate R] [--seconds S] [--warmup S] [--connect-over S] [--gateways 1|2]',
  );
  process.exit(2);
}

const ROOT = resolve(import.meta.dirname, '../../../../..');
const GATEWAY = resolve(ROOT, 'dist/bench/apps/gateway/main.js');
const SECRET = `chat-bench-${randomUUID()}-${randomUUID()}`;
const ARTIFACTS = resolve(ROOT, 'test/artifacts/bench');

interface Member {
  id: string;
  token: string;
  gateway: number;
  connectionId: string;
  otherIndex: number;
  socket?: Socket;
}

/** One message's way: when its POST went out and was answered, when the other member's socket got it, and how often. */
interface Delivery {
  sentAt?: number;
  answeredAt?: number;
  arrivedAt?: number;
  delivered: number;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer().once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** A gateway's old generation after each of its full (mark-compact) collections, in MB: what it really holds. */
type HeapAfterFullGcs = number[];

async function startGateway(
  databaseUrl: string,
  dataDir: string,
  profiled = false,
): Promise<{ process: ChildProcess; base: string; heapAfterFullGcs: HeapAfterFullGcs }> {
  const port = await freePort();
  // --profile: V8's profiler in the (first) gateway, summarised after it exits.
  const profiling = profiled ? ['--cpu-prof', `--cpu-prof-dir=${ARTIFACTS}`] : [];
  if (profiling.length) mkdirSync(ARTIFACTS, { recursive: true });
  // --trace-gc: RSS keeps garbage V8 has not collected yet; the heap after a full collection is what is held.
  const child = spawn(process.execPath, [...profiling, '--trace-gc', GATEWAY], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      JWT_ACCESS_SECRET: SECRET,
      JWT_REFRESH_SECRET: `${SECRET}-refresh`,
      LOG_LEVEL: 'warn',
      MATCH_CRON: '0 3 1 1 *',
      ...(process.env.MODELS_DIR ? { MODELS_DIR: process.env.MODELS_DIR } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const heapAfterFullGcs: HeapAfterFullGcs = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const after = /Mark-Compact [\d.]+ \([\d.]+\) -> ([\d.]+)/.exec(line)?.[1];
    if (after) heapAfterFullGcs.push(Number(after));
  });
  const base = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    if ((await fetch(`${base}/api/health`).catch(() => undefined))?.ok)
      return { process: child, base, heapAfterFullGcs };
    if (tries > 600 || child.exitCode !== null) throw new Error('a gateway did not start');
    await new Promise((wait) => setTimeout(wait, 200));
  }
}

/** Members and their conversations, written as the tables hold them; tokens signed as the gateway signs them. */
async function seed(databaseUrl: string): Promise<Member[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; email: string }>(
      `insert into app_user (id, name, email, password_hash, referral_code, email_verified_at, created_at)
       select gen_random_uuid(), 'Chat ' || i, 'chat' || i || '@bench.example', 'not-a-hash', 'CHAT' || i, now(), now()
         from generate_series(1, $1::int) as i
       returning id, email`,
      [members],
    );
    const half = members / 2;
    const pairs = Array.from({ length: half }, (_, i) => [rows[i]!, rows[i + half]!] as const);
    const connectionIds = pairs.map(() => randomUUID());
    await client.query(
      `insert into connection (id, user_a, user_b)
       select c, least(a, b), greatest(a, b) from unnest($1::uuid[], $2::uuid[], $3::uuid[]) as x(c, a, b)`,
      [connectionIds, pairs.map(([a]) => a.id), pairs.map(([, b]) => b.id)],
    );
    return rows.map((row, i) => ({
      id: row.id,
      token: jwt.sign({ id: row.id, email: row.email, sv: 0, sid: randomUUID() }, SECRET, {
        algorithm: 'HS256',
        expiresIn: 3600,
        subject: row.id,
      }),
      // Each pair's two members on different gateways when there are two.
      gateway: gatewayCount === 2 ? (i < half ? 0 : 1) : 0,
      connectionId: connectionIds[i % half]!,
      otherIndex: i < half ? i + half : i - half,
    }));
  } finally {
    await client.end();
  }
}

/** When the clients received the server's pings (engine.io pings each socket every 25 s from its connect). */
const pingsReceived: number[] = [];

async function connectAll(
  all: Member[],
  bases: string[],
  onMessage: (member: Member, id: string) => void,
): Promise<void> {
  const started = performance.now();
  const batches = Math.ceil(all.length / 250);
  for (let i = 0; i < all.length; i += 250) {
    const due = started + ((i / 250) * connectOverSeconds * 1000) / batches;
    await new Promise((wait) => setTimeout(wait, Math.max(0, due - performance.now())));
    await Promise.all(
      all.slice(i, i + 250).map(
        (member) =>
          new Promise<void>((done, fail) => {
            const socket = io(bases[member.gateway]!, {
              path: '/api/socket.io',
              auth: { token: member.token },
              transports: ['websocket'],
              reconnection: false,
            });
            socket.on('message', (event: { id: string; senderId: string }) => {
              if (event.senderId !== member.id) onMessage(member, event.id);
            });
            socket.io.on('ping', () => pingsReceived.push(performance.now()));
            socket.once('connect', () => done());
            socket.once('connect_error', fail);
            member.socket = socket;
          }),
      ),
    );
  }
}

let nextSender = 0;

/**
 * The sender's POSTs through node:http with kept-alive sockets: the load generator shares the machine's cores
 * with the gateway and PostgreSQL, and fetch (undici) cost it about twice the CPU per request.
 */
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 256 });

function post(url: string, token: string, body: string): Promise<{ status: number; body: string }> {
  return new Promise((done, fail) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent: keepAlive,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          done({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', fail);
      },
    );
    // A kept-alive socket the gateway closed as idle just before this request: send it again, as Node's docs
    // advise (a message's clientId makes a second POST the same message).
    request.on('error', (error: NodeJS.ErrnoException) =>
      request.reusedSocket && error.code === 'ECONNRESET'
        ? post(url, token, body).then(done, fail)
        : fail(error),
    );
    request.end(body);
  });
}

interface Sent {
  /** Delivery: POST sent → the other member's socket got `message`, ms. */
  latencies: number[];
  /** POST sent → its answer, ms. */
  answers: number[];
  /** The slowest delivery of the messages sent in each second of the run, ms: where the tail came from. */
  worstBySecond: number[];
  /** Pings the clients received, by second of the run. */
  pingsBySecond: number[];
  lost: number;
  doubled: number;
  failed: number;
}

/** Sends `perSecond` messages a second for `forSeconds` over HTTP; resolves with each delivery's latency. */
async function sendAt(
  all: Member[],
  bases: string[],
  perSecond: number,
  forSeconds: number,
  pending: Map<string, Delivery>,
): Promise<Sent> {
  const total = Math.round(perSecond * forSeconds);
  const started = performance.now();
  let failed = 0;
  const posts: Promise<void>[] = [];
  const ids: string[] = [];
  for (let n = 0; n < total; n++) {
    const due = started + (n * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    // Round-robin over members, on from where the last call stopped: 30 a minute each is the product's limit.
    const sender = all[nextSender++ % all.length]!;
    const sentAt = performance.now();
    const clientId = randomUUID();
    posts.push(
      post(
        `${bases[sender.gateway]}/api/connections/${sender.connectionId}/messages`,
        sender.token,
        JSON.stringify({ text: `Message ${n} from the bench`, clientId }),
      ).then(({ status, body }) => {
        const id = (JSON.parse(body) as { id?: string }).id;
        if (status !== 201 || !id) return void failed++;
        ids.push(id);
        const entry = pending.get(id) ?? { delivered: 0 };
        entry.sentAt = sentAt;
        entry.answeredAt = performance.now();
        pending.set(id, entry);
      }),
    );
  }
  await Promise.all(posts);
  // Late is not lost: wait until every message arrived, or nothing more arrived for 5 s.
  let arrived = -1;
  for (let quiet = 0; quiet < 5_000; quiet += 250) {
    const now = ids.filter((id) => (pending.get(id)?.delivered ?? 0) > 0).length;
    if (now === ids.length) break;
    if (now !== arrived) quiet = 0;
    arrived = now;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await new Promise((resolve) => setTimeout(resolve, 250)); // a second copy would come right after the first
  const latencies: number[] = [];
  const answers: number[] = [];
  const worstBySecond = Array.from({ length: Math.ceil(forSeconds) }, () => 0);
  let lost = 0;
  let doubled = 0;
  for (const id of ids) {
    const entry = pending.get(id)!;
    if (entry.delivered === 0) lost++;
    if (entry.delivered > 1) doubled++;
    if (entry.sentAt === undefined) continue;
    if (entry.answeredAt !== undefined) answers.push(entry.answeredAt - entry.sentAt);
    if (entry.arrivedAt !== undefined) {
      const latency = entry.arrivedAt - entry.sentAt;
      latencies.push(latency);
      const second = Math.min(worstBySecond.length - 1, Math.floor((entry.sentAt - started) / 1000));
      worstBySecond[second] = Math.max(worstBySecond[second]!, latency);
    }
  }
  for (const id of ids) pending.delete(id);
  const pingsBySecond = worstBySecond.map(() => 0);
  for (const at of pingsReceived) {
    const second = Math.floor((at - started) / 1000);
    if (second >= 0 && second < pingsBySecond.length) pingsBySecond[second]!++;
  }
  return { latencies, answers, worstBySecond, pingsBySecond, lost, doubled, failed };
}

/** Requests a second of `path` (as rotating members) from 32 concurrent loops for `forSeconds`. */
async function throughput(
  base: string,
  all: Member[],
  path: (member: Member) => string,
  forSeconds: number,
  watched: { pids: number[]; databaseUrl: string },
): Promise<{ perSecond: number; p99: number; cpu: string }> {
  const cpuBefore = cpuOf(watched.pids, watched.databaseUrl);
  const benchCpuBefore = process.cpuUsage();
  const stopAt = performance.now() + forSeconds * 1000;
  const latencies: number[] = [];
  let n = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (performance.now() < stopAt) {
        const member = all[n++ % all.length]!;
        const started = performance.now();
        const response = await fetch(`${base}${path(member)}`, {
          headers: { authorization: `Bearer ${member.token}` },
        });
        await response.arrayBuffer();
        latencies.push(performance.now() - started);
      }
    }),
  );
  const cpuAfter = cpuOf(watched.pids, watched.databaseUrl);
  const benchCpu = process.cpuUsage(benchCpuBefore);
  const perRequest = (seconds: number) =>
    `${((seconds * 1e6) / Math.max(1, latencies.length)).toFixed(0)} µs`;
  return {
    perSecond: latencies.length / forSeconds,
    p99: percentile(latencies, 99),
    cpu:
      `gateway ${perRequest(processCpuBetween(cpuBefore, cpuAfter))}, PostgreSQL ` +
      `${perRequest(backendCpuBetween(cpuBefore, cpuAfter) ?? 0)}, this load generator ` +
      `${perRequest((benchCpu.user + benchCpu.system) / 1e6)} a request`,
  };
}

async function main(): Promise<void> {
  const database = await createTestDatabase();
  const dataDirs = Array.from({ length: gatewayCount }, () => mkdtempSync(join(tmpdir(), 'fated-chat-')));
  const started = Date.now();
  const gateways: ChildProcess[] = [];
  const sockets: Socket[] = [];
  try {
    const first = await startGateway(database.url!, dataDirs[0]!, values.profile);
    gateways.push(first.process);
    const fullGcs = first.heapAfterFullGcs;
    const bases = [first.base];
    if (gatewayCount === 2) {
      const second = await startGateway(database.url!, dataDirs[1]!);
      gateways.push(second.process);
      bases.push(second.base);
    }
    console.log(`chat: ${members} members, ${gatewayCount} gateway(s), PostgreSQL, on ${describeMachine()}`);
    const all = await seed(database.url!);
    const pending = new Map<string, Delivery>();
    const connectStarted = performance.now();
    await connectAll(all, bases, (_member, id) => {
      // A delivery can beat the POST's answer: the two halves meet in one entry, whichever comes first.
      const entry = pending.get(id) ?? { delivered: 0 };
      entry.delivered++;
      entry.arrivedAt ??= performance.now();
      pending.set(id, entry);
    });
    for (const member of all) sockets.push(member.socket!);
    console.log(
      `connected ${members} sockets in ${((performance.now() - connectStarted) / 1000).toFixed(1)} s`,
    );

    const rssBefore = gateways.map((g) => rssOf(g.pid!));
    // A fresh process's first seconds (JIT, pools and caches filling) are not what a running gateway lives.
    if (warmupSeconds > 0) {
      const warm = await sendAt(all, bases, rate, warmupSeconds, pending);
      console.log(
        `warm-up ${rate}/s for ${warmupSeconds} s (not counted): delivery p99 ${percentile(warm.latencies, 99).toFixed(1)} ms`,
      );
    }
    // The young generation grows to its working size in the first seconds of load: growth after the warm-up is
    // what a running gateway keeps adding.
    const rssWarm = gateways.map((g) => rssOf(g.pid!));
    const cpuBefore = cpuOf(
      gateways.map((g) => g.pid!),
      database.url,
    );
    const benchCpuBefore = process.cpuUsage();
    const fullGcsBefore = fullGcs.length;
    const runStartedAt = new Date();
    const run = await sendAt(all, bases, rate, seconds, pending);
    const cpuAfter = cpuOf(
      gateways.map((g) => g.pid!),
      database.url,
    );
    const benchCpu = process.cpuUsage(benchCpuBefore);
    const rssAfter = gateways.map((g) => rssOf(g.pid!));
    const perMessage = (cpuSecondsSpent: number) =>
      `${((cpuSecondsSpent * 1e6) / Math.max(1, run.answers.length)).toFixed(0)} µs`;
    console.log(
      `${rate}/s for ${seconds} s: ${run.latencies.length} delivered, lost ${run.lost}, doubled ${run.doubled}, failed ${run.failed}; ` +
        `delivery p50 ${percentile(run.latencies, 50).toFixed(1)} ms, p99 ${percentile(run.latencies, 99).toFixed(1)} ms; ` +
        `POST answered p50 ${percentile(run.answers, 50).toFixed(1)} ms, p99 ${percentile(run.answers, 99).toFixed(1)} ms`,
    );
    console.log(
      `  slowest delivery by second sent from ${runStartedAt.toISOString()} (ms): ${run.worstBySecond.map((ms) => ms.toFixed(0)).join(' ')}`,
    );
    console.log(`  pings the clients received, by second: ${run.pingsBySecond.join(' ')}`);
    console.log(
      `  CPU per message: gateway ${perMessage(processCpuBetween(cpuBefore, cpuAfter))}, PostgreSQL ` +
        `${perMessage(backendCpuBetween(cpuBefore, cpuAfter) ?? 0)}, this load generator ` +
        `${perMessage((benchCpu.user + benchCpu.system) / 1e6)}`,
    );
    console.log(
      `gateway RSS: ${rssBefore.map(megabytes).join(', ')} -> after the warm-up ${rssWarm.map(megabytes).join(', ')} -> ` +
        `${rssAfter.map(megabytes).join(', ')}; ` +
        `its heap after each full GC (MB): before the run ${fullGcs[fullGcsBefore - 1] ?? '-'}, during it ` +
        `${fullGcs.slice(fullGcsBefore).join(', ') || 'none'}`,
    );

    if (!values['no-knee']) {
      for (let step = rate * 1.5; step <= members / 2; step *= 1.5) {
        const probe = await sendAt(all, bases, Math.round(step), 10, pending);
        const p99 = percentile(probe.latencies, 99);
        console.log(
          `  ${Math.round(step)}/s for 10 s: p50 ${percentile(probe.latencies, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, lost ${probe.lost}, failed ${probe.failed}`,
        );
        if (p99 > 50 || probe.failed > 0) {
          console.log(`knee: p99 passes 50 ms at about ${Math.round(step)} messages a second`);
          break;
        }
      }
    }

    // A profile is of the messages alone.
    if (!values.profile) {
      const watched = { pids: [first.process.pid!], databaseUrl: database.url! };
      const floor = await throughput(first.base, all, () => '/api/bench-floor-unknown', 10, watched);
      const list = await throughput(first.base, all, () => '/api/connections', 10, watched);
      const history = await throughput(
        first.base,
        all,
        (m) => `/api/connections/${m.connectionId}/messages?limit=50`,
        10,
        watched,
      );
      console.log(
        `floor (unknown /api path): ${floor.perSecond.toFixed(0)} req/s, p99 ${floor.p99.toFixed(1)} ms; ${floor.cpu}`,
      );
      console.log(
        `GET /api/connections: ${list.perSecond.toFixed(0)} req/s = ${(list.perSecond / floor.perSecond).toFixed(2)} of the floor, p99 ${list.p99.toFixed(1)} ms; ${list.cpu}`,
      );
      console.log(
        `history page (50): ${history.perSecond.toFixed(0)} req/s = ${(history.perSecond / floor.perSecond).toFixed(2)} of the floor, p99 ${history.p99.toFixed(1)} ms; ${history.cpu}`,
      );
    }
    if (run.lost || run.doubled || run.failed) process.exitCode = 1;
  } finally {
    for (const socket of sockets) socket.disconnect();
    for (const gateway of gateways) gateway.kill('SIGTERM');
    await Promise.all(
      gateways.map(
        (g) => new Promise((resolve) => (g.exitCode !== null ? resolve(undefined) : g.once('exit', resolve))),
      ),
    );
    await database.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
  if (values.profile) printProfile(started);
}

/** The first gateway's profile, written at its exit (the newest in ARTIFACTS), summarised. */
function printProfile(since: number): void {
  const newest = readdirSync(ARTIFACTS)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => ({ name, at: statSync(join(ARTIFACTS, name)).mtimeMs }))
    .filter((file) => file.at >= since)
    .sort((a, b) => b.at - a.at)[0];
  if (!newest) return console.log('no gateway profile was written');
  console.log(`gateway profile: ${join(ARTIFACTS, newest.name)}`);
  for (const line of summariseProfile(JSON.parse(readFileSync(join(ARTIFACTS, newest.name), 'utf8'))))
    console.log(line);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
