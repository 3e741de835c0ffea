/**
 * The bag's camera list read: the stage's first read and the read after a
 * change ask the server to revalidate (Cache-Control: no-cache, which the
 * aggregator answers with every recorder's own list), the minute's refresh
 * does not, and reads asked while one is out share it unless a
 * revalidating read is asked behind a plain one, which then follows it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetQueues } from '../../../../src/api/queues';
import { stageBagActions, stageBagState } from '../../../../src/state/stage-bag.store';

interface Sent {
  url: string;
  headers: Record<string, string>;
  answer: () => void;
}

let sent: Sent[];

/** Lets the queue and the fetch settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const revalidating = (request: Sent) => request.headers['Cache-Control'] === 'no-cache';

beforeEach(() => {
  sent = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) =>
    new Promise<Response>((resolve) => {
      sent.push({
        url,
        headers: init.headers as Record<string, string>,
        answer: () => resolve(new Response(JSON.stringify({ data: { cameras: [] } }), { status: 200, headers: { 'content-type': 'application/json' } })),
      });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetQueues();
});

describe('the bag camera list read', () => {
  it('asks a revalidated list on request and a plain one otherwise', async () => {
    const first = stageBagActions.loadCameras(true);
    await settle();
    expect(sent.map(revalidating)).toEqual([true]);
    sent[0]!.answer();
    await first;
    expect(stageBagState.status).toBe('ready');

    const refresh = stageBagActions.loadCameras();
    await settle();
    expect(sent.map(revalidating)).toEqual([true, false]);
    sent[1]!.answer();
    await refresh;
  });

  it('shares a read under way, except that a revalidated read asked behind a plain one follows it', async () => {
    const plain = stageBagActions.loadCameras();
    const alsoPlain = stageBagActions.loadCameras();
    const revalidated = stageBagActions.loadCameras(true);
    const joinsRevalidated = stageBagActions.loadCameras();
    await settle();
    expect(sent.map(revalidating)).toEqual([false]);
    sent[0]!.answer();
    await Promise.all([plain, alsoPlain]);
    await settle();
    expect(sent.map(revalidating)).toEqual([false, true]);
    sent[1]!.answer();
    await Promise.all([revalidated, joinsRevalidated]);
    expect(sent).toHaveLength(2);
    expect(sent.every((request) => new URL(request.url, 'http://localhost').pathname === '/service/cameras')).toBe(true);
  });
});
