import { describe, expect, it } from 'vitest';
import { TicketIssuer } from '../../../../../server/common/identity/ticket-issuer';
import type { AuthenticatedSession } from '../../../../../server/common/session';
import { RECORDER_TICKETS } from '../../../../../server/recorder/identity/tickets';
import { AGGREGATOR_TICKETS } from '../../../../../server/aggregator/identity/tickets';
import type { User } from '../../../../../server/shared/api';

const user = { id: 'u1', username: 'vera', role: 'Viewer' } as User;
const KINDS = { once: { ttlMs: 30_000, singleUse: true }, again: { ttlMs: 60_000, singleUse: false } } as const;

/** Sessions by id that the test can end, read synchronously (the recorder) or asynchronously (the aggregator's database). */
function sessions(asynchronous = false) {
  const live = new Map<string, AuthenticatedSession>();
  const lookups: string[] = [];
  return {
    live,
    lookups,
    add: (id: string, expiresAt = Number.MAX_SAFE_INTEGER) => {
      const session = { id, user, expiresAt };
      live.set(id, session);
      return session;
    },
    authenticateId: (id: string) => {
      lookups.push(id);
      return asynchronous ? Promise.resolve(live.get(id)) : live.get(id);
    },
  };
}

describe('ticket issuer', () => {
  it('opens its scope and resource once when single-use, and the session it stands for', async () => {
    const store = sessions();
    const issuer = new TicketIssuer(KINDS, store, { now: () => 1000 });
    const { ticket, expiresAt } = issuer.issue(store.add('s1'), 'once', 'srv/cam');
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(expiresAt).toBe(31_000);
    expect(await issuer.redeem(ticket, 'once', 'srv/cam')).toMatchObject({ id: 's1', user });
    expect(await issuer.redeem(ticket, 'once', 'srv/cam')).toBeUndefined();
    expect(issuer.size).toBe(0);
  });

  it('opens a reusable ticket until it expires', async () => {
    let now = 0;
    const store = sessions();
    const issuer = new TicketIssuer(KINDS, store, { now: () => now });
    const { ticket } = issuer.issue(store.add('s1'), 'again', null);
    expect(await issuer.redeem(ticket, 'again', null)).toBeDefined();
    now = 59_999;
    expect(await issuer.redeem(ticket, 'again', null)).toBeDefined();
    now = 60_000;
    expect(await issuer.redeem(ticket, 'again', null)).toBeUndefined();
    expect(issuer.size).toBe(0);
  });

  it('opens nothing for another scope or resource, and is not spent by such a try', async () => {
    const store = sessions();
    const issuer = new TicketIssuer(KINDS, store);
    const { ticket } = issuer.issue(store.add('s1'), 'once', 'srv/cam-1');
    expect(await issuer.redeem(ticket, 'once', 'srv/cam-2')).toBeUndefined();
    expect(await issuer.redeem(ticket, 'once', null)).toBeUndefined();
    expect(await issuer.redeem(ticket, 'again', 'srv/cam-1')).toBeUndefined();
    expect(await issuer.redeem(ticket, 'webrtc', 'srv/cam-1')).toBeUndefined();
    expect(await issuer.redeem(ticket, 'once', 'srv/cam-1')).toBeDefined();
  });

  it('refuses made-up, empty and oversized tickets without asking for a session', async () => {
    const store = sessions();
    const issuer = new TicketIssuer(KINDS, store);
    issuer.issue(store.add('s1'), 'again', null);
    for (const ticket of ['', 'x'.repeat(43), 'x'.repeat(129)]) expect(await issuer.redeem(ticket, 'again', null)).toBeUndefined();
    expect(store.lookups).toEqual([]);
  });

  it('never outlives its session, and opens nothing once the session has ended (a single-use one is spent even so)', async () => {
    const store = sessions(true);
    const issuer = new TicketIssuer(KINDS, store, { now: () => 0 });
    expect(issuer.issue(store.add('short', 5_000), 'again', null).expiresAt).toBe(5_000);
    const { ticket } = issuer.issue(store.add('s2'), 'once', null);
    store.live.delete('s2');
    expect(await issuer.redeem(ticket, 'once', null)).toBeUndefined();
    store.add('s2');
    expect(await issuer.redeem(ticket, 'once', null)).toBeUndefined();
  });

  it('lets only one of two requests racing with one single-use ticket in', async () => {
    const store = sessions(true);
    const issuer = new TicketIssuer(KINDS, store);
    const { ticket } = issuer.issue(store.add('s1'), 'once', null);
    const answers = await Promise.all([issuer.redeem(ticket, 'once', null), issuer.redeem(ticket, 'once', null)]);
    expect(answers.filter(Boolean)).toHaveLength(1);
  });

  it('holds at most maxTickets, the oldest going first, and sweeps expired ones when issuing', async () => {
    let now = 0;
    const store = sessions();
    const session = store.add('s1');
    const issuer = new TicketIssuer(KINDS, store, { now: () => now, maxTickets: 3 });
    const tickets = ['a', 'b', 'c', 'd'].map(() => issuer.issue(session, 'again', null).ticket);
    expect(issuer.size).toBe(3);
    expect(await issuer.redeem(tickets[0]!, 'again', null)).toBeUndefined();
    expect(await issuer.redeem(tickets[3]!, 'again', null)).toBeDefined();
    now = 60_000;
    issuer.issue(session, 'once', null);
    expect(issuer.size).toBe(1);
  });

  it("is the one store behind the recorder's tickets and the aggregator's preview tickets", async () => {
    const store = sessions();
    const recorder = new TicketIssuer(RECORDER_TICKETS, store);
    const socket = recorder.issue(store.add('s1'), 'webrtc', null).ticket;
    expect(await recorder.redeem(socket, 'webrtc', null)).toBeDefined();
    expect(await recorder.redeem(socket, 'webrtc', null)).toBeUndefined();
    const picture = recorder.issue(store.add('s1'), 'frame', 'stream-1').ticket;
    expect(await recorder.redeem(picture, 'frame', 'stream-1')).toBeDefined();
    expect(await recorder.redeem(picture, 'frame', 'stream-1')).toBeDefined();

    const aggregator = new TicketIssuer(AGGREGATOR_TICKETS, store, { now: () => 0 });
    const preview = aggregator.issue(store.add('s1'), 'camera-preview', 'srv/cam');
    expect(preview.expiresAt).toBe(30_000);
    expect(await aggregator.redeem(preview.ticket, 'camera-preview', 'srv/cam')).toBeDefined();
    expect(await aggregator.redeem(preview.ticket, 'camera-preview', 'srv/cam')).toBeUndefined();
  });
});
