import { connect } from 'node:net';
import { ActiveAccounts } from '../../libs/shared/auth/active-accounts.port.js';
import { RequestsInFlight } from '../../libs/shared/http/requests-in-flight.js';
import { image } from '../fixtures/images.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Holds the auth guard's next account read at a gate, so a request is surely in flight: `entered` once it is
 * held, `open()` lets it go on to the database, `read` is that read's answer.
 */
function holdNextAccountRead(t: TestApp) {
  const accounts = t.app.get(ActiveAccounts, { strict: false });
  const isActive = accounts.isActive.bind(accounts);
  let open!: () => void;
  const gate = new Promise<void>((done) => (open = done));
  let enter!: () => void;
  const entered = new Promise<void>((done) => (enter = done));
  const held = { entered, open, read: undefined as Promise<boolean> | undefined };
  accounts.isActive = async (claims, token) => {
    accounts.isActive = isActive;
    enter();
    await gate;
    held.read = isActive(claims, token);
    return held.read;
  };
  return held;
}

/** Sends a GET as `token` and hangs up once `held` has the request. */
async function hangUpWhileHeld(t: TestApp, path: string, token: string, held: { entered: Promise<void> }) {
  const hangUp = new AbortController();
  const request = fetch(`${t.baseUrl}/api${path}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: hangUp.signal,
  }).catch((error: Error) => error.name);
  await held.entered;
  hangUp.abort();
  expect(await request).toBe('AbortError');
  await pause(100); // the server sees the connection close
}

describe('shutdown', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 120_000);
  afterAll(() => t?.close());

  it('counts the answer to a client that hung up as given once the handler has ended it (a photo)', async () => {
    const { client, id } = await t.signUp();
    const form = new FormData();
    form.append('id', id);
    form.append('avatar', new Blob([new Uint8Array(await image('png'))], { type: 'image/png' }), 'me.png');
    expect((await client.request('POST', '/image/upload', { body: form })).status).toBe(201);
    const inFlight = t.app.get(RequestsInFlight);

    const held = holdNextAccountRead(t);
    await hangUpWhileHeld(t, `/image/fetch/${id}`, client.accessToken!, held);
    expect(inFlight.pending).toBe(1);
    held.open();
    await pause(0);
    await expect(held.read).resolves.toBe(true);
    for (let waited = 0; inFlight.pending > 0 && waited < 5_000; waited += 20) await pause(20);
    expect(inFlight.pending).toBe(0);
  }, 60_000);

  it('waits for a request whose client hung up before it closes the database', async () => {
    const { client, id } = await t.signUp();
    const held = holdNextAccountRead(t);
    await hangUpWhileHeld(t, `/user/getProfile/${id}`, client.accessToken!, held);

    let closed = false;
    const closing = t.app.close().then(() => (closed = true));
    // Without the wait for answers the app was closed, its database with it, about 3 s later.
    await Promise.race([closing, pause(6_000)]);
    expect(closed).toBe(false);
    expect(t.app.getHttpServer().listening).toBe(false);
    expect(t.app.get(RequestsInFlight).pending).toBe(1);

    held.open();
    await closing;
    await pause(0);
    // The held read ran on an open database, and its answer was ended before the app went on closing.
    await expect(held.read).resolves.toBe(true);
    expect(t.app.get(RequestsInFlight).pending).toBe(0);
  }, 60_000);
});

describe('shutdown with a connection that never sends a request', () => {
  it('closes it once every request sent was answered, instead of waiting for its client', async () => {
    const t = await startTestApp();
    const idle = connect(Number(new URL(t.baseUrl).port), '127.0.0.1');
    await new Promise((connected) => idle.once('connect', connected));
    const idleClosed = new Promise<boolean>((resolve) => idle.once('close', () => resolve(true)));
    // Without closing it the app waited until the client closed it, or Node's headers timeout did (a minute on).
    const closed = await Promise.race([t.close().then(() => true), pause(20_000).then(() => false)]);
    expect(closed).toBe(true);
    expect(await Promise.race([idleClosed, pause(1_000).then(() => false)])).toBe(true);
  }, 60_000);
});
