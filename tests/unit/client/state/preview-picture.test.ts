import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../../../../src/api/http';
import { HttpError } from '../../../../src/api/http-error';
import { queues, resetQueues } from '../../../../src/api/queues';
import { QueueResetError } from '../../../../server/shared/request-queue';
import { learnServers, resetDirectRoutes } from '../../../../src/api/direct-routes';
import { setMultiServerRouting } from '../../../../src/api/server-scope';
import { bagCameraPreview, livePreviewPicture, type PreviewPicture } from '../../../../src/state/preview-picture';

/** A fetch that answers only when told to, counting how many requests are out at once. */
class HeldFetch {
  readonly requests: Array<{ url: string; headers: Record<string, string>; answer: (status?: number) => void }> = [];
  private answered = 0;
  maxInFlight = 0;

  readonly fetch = (url: string, init: RequestInit): Promise<Response> =>
    new Promise<Response>((resolve) => {
      this.requests.push({
        url,
        headers: init.headers as Record<string, string>,
        answer: (status = 200) => {
          this.answered++;
          const body = status === 200 ? new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }) : '{}';
          resolve(new Response(body, { status }));
        },
      });
      this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    });

  get inFlight(): number {
    return this.requests.length - this.answered;
  }

  /** Answers the oldest unanswered request. */
  answerNext(status = 200): void {
    const next = this.requests[this.answered];
    if (!next) throw new Error('no request waiting for an answer');
    next.answer(status);
  }
}

/** Lets the queue, the fetch and the Blob read settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

interface Watched {
  picture: PreviewPicture;
  pictures: string[];
  failures: unknown[];
}

function watchedPicture(streamHref: string): Watched {
  const watched: Watched = { picture: undefined as unknown as PreviewPicture, pictures: [], failures: [] };
  watched.picture = livePreviewPicture(streamHref, {
    onPicture: (url) => watched.pictures.push(url),
    onFailure: (error) => watched.failures.push(error),
  });
  return watched;
}

const SIZE = { width: 240, height: 136 };

let held: HeldFetch;
let created: string[];
let revoked: string[];

beforeEach(() => {
  held = new HeldFetch();
  vi.stubGlobal('fetch', held.fetch);
  configureHttp({ getToken: () => 'token-1', onUnauthorized: () => undefined });
  created = [];
  revoked = [];
  const create = URL.createObjectURL.bind(URL);
  const revoke = URL.revokeObjectURL.bind(URL);
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = create(blob);
    created.push(url);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => {
    revoked.push(url);
    revoke(url);
  });
});

afterEach(async () => {
  resetQueues();
  while (held.inFlight > 0) {
    held.answerNext();
    await settle();
  }
  expect(queues.images.active).toBe(0);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('bag preview pictures', () => {
  it('forty previews fetch at most 3 pictures at once, with the bearer token, and every one loads', async () => {
    const previews = Array.from({ length: 40 }, (_, index) => watchedPicture(`/service/streams/s${index}`));
    for (const preview of previews) expect(preview.picture.load(SIZE)).toBe(true);
    await settle();
    expect(held.inFlight).toBe(3);

    while (held.inFlight > 0) {
      held.answerNext();
      await settle();
    }
    expect(held.maxInFlight).toBe(3);
    expect(held.requests).toHaveLength(40);
    for (const [index, request] of held.requests.entries()) {
      const url = new URL(request.url, 'http://localhost');
      expect(url.pathname).toBe(`/service/streams/s${index}/frame`);
      expect(url.searchParams.get('width')).toBe('240');
      expect(url.searchParams.get('height')).toBe('136');
      expect(url.searchParams.has('sid')).toBe(false);
      expect(request.headers.Authorization).toBe('Bearer token-1');
    }
    for (const preview of previews) expect(preview.pictures).toHaveLength(1);
  });

  it('revokes the previous object URL when a new picture replaces it, and the last one on unmount', async () => {
    const preview = watchedPicture('/service/streams/one');
    for (let round = 0; round < 3; round++) {
      preview.picture.load(SIZE);
      await settle();
      held.answerNext();
      await settle();
      const current = preview.picture.currentUrl;
      expect(preview.pictures.at(-1)).toBe(current);
      expect(revoked).not.toContain(current);
      expect(revoked).toEqual(created.slice(0, -1));
    }
    preview.picture.dispose();
    expect(created).toHaveLength(3);
    expect(revoked).toEqual(created);
    expect(preview.picture.currentUrl).toBeNull();
  });

  it('a picture that arrives after unmount makes no object URL and reports nothing', async () => {
    const preview = watchedPicture('/service/streams/late');
    preview.picture.load(SIZE);
    await settle();
    preview.picture.dispose();
    held.answerNext();
    await settle();
    expect(created).toEqual([]);
    expect(preview.pictures).toEqual([]);
    expect(preview.failures).toEqual([]);
  });

  it('an unmounted preview still waiting in the queue sends no request', async () => {
    const busy = Array.from({ length: 3 }, (_, index) => watchedPicture(`/service/streams/busy${index}`));
    busy.forEach((preview) => preview.picture.load(SIZE));
    const waiting = watchedPicture('/service/streams/waiting');
    waiting.picture.load(SIZE);
    await settle();
    waiting.picture.dispose();
    while (held.inFlight > 0) {
      held.answerNext();
      await settle();
    }
    expect(held.requests.map((request) => new URL(request.url, 'http://localhost').pathname)).not.toContain('/service/streams/waiting/frame');
    expect(waiting.failures).toEqual([]);
  });

  it('a queue reset on a location change fails the waiting loads, which are not left loading and load when asked again', async () => {
    const busy = Array.from({ length: 3 }, (_, index) => watchedPicture(`/service/streams/busy${index}`));
    busy.forEach((preview) => preview.picture.load(SIZE));
    const waiting = watchedPicture('/service/streams/waiting');
    waiting.picture.load(SIZE);
    await settle();

    resetQueues();
    await settle();
    expect(waiting.failures).toHaveLength(1);
    expect(waiting.failures[0]).toBeInstanceOf(QueueResetError);
    expect(waiting.picture.busy).toBe(false);

    // The retry of the preview's schedule.
    expect(waiting.picture.load(SIZE)).toBe(true);
    while (held.inFlight > 0) {
      held.answerNext();
      await settle();
    }
    expect(waiting.pictures).toHaveLength(1);
  });

  it('an error answer is a failed load: reported, no object URL, not left loading', async () => {
    const preview = watchedPicture('/service/streams/broken');
    preview.picture.load(SIZE);
    await settle();
    held.answerNext(503);
    await settle();
    expect(preview.failures).toHaveLength(1);
    expect(preview.failures[0]).toBeInstanceOf(HttpError);
    expect((preview.failures[0] as HttpError).status).toBe(503);
    expect(created).toEqual([]);
    expect(preview.picture.busy).toBe(false);
  });

  it('asking again while a load is under way fetches once', async () => {
    const preview = watchedPicture('/service/streams/once');
    expect(preview.picture.load(SIZE)).toBe(true);
    expect(preview.picture.load(SIZE)).toBe(false);
    await settle();
    held.answerNext();
    await settle();
    expect(held.requests).toHaveLength(1);
    expect(preview.pictures).toHaveLength(1);
  });
});

describe('bag camera previews of the multi-server edition', () => {
  const PAGE = { protocol: 'http:', host: 'agg.example:8080', origin: 'http://agg.example:8080' };
  const events = { onPicture: () => undefined, onFailure: () => undefined };

  beforeEach(async () => {
    vi.stubGlobal('location', PAGE);
    vi.stubGlobal('devicePixelRatio', 2);
    setMultiServerRouting(true);
    const server = (id: string) => ({ id, uri: `http://${id}.example:8080`, isAvailable: true, permissions: { sessionId: 's', token: `token-${id}` }, pageOrigin: PAGE.origin });
    // 'near' answers the page's probe, so the page calls it directly; 'far' stays behind the proxy.
    await learnServers([server('near'), server('far')], async (origin) => origin.includes('near'));
  });

  afterEach(() => {
    setMultiServerRouting(false);
    resetDirectRoutes();
  });

  it("asks the aggregator's cropped preview for a server behind the proxy, at twice the element size times the pixel ratio, with the aggregator's token", async () => {
    const preview = bagCameraPreview({ id: 'cam 1', orchidId: 'far', streamHref: '/service/streams/s1' }, events);
    preview.load({ width: 120, height: 68 });
    await settle();
    const url = new URL(held.requests[0]!.url, PAGE.origin);
    expect(url.origin).toBe(PAGE.origin);
    expect(url.pathname).toBe('/service/orchids/far/cameras/cam%201/preview');
    expect(Object.fromEntries([...url.searchParams].filter(([name]) => name !== 'cb'))).toEqual({ width: '480', height: '272', crop: 'true' });
    expect(held.requests[0]!.headers.Authorization).toBe('Bearer token-1');
    preview.dispose();
  });

  it('keeps the stream picture of a server called directly, with its own token there', async () => {
    const preview = bagCameraPreview({ id: 'cam 2', orchidId: 'near', streamHref: '/service/streams/s2' }, events);
    preview.load({ width: 120, height: 68 });
    await settle();
    const url = new URL(held.requests[0]!.url);
    expect(`${url.origin}${url.pathname}`).toBe('http://near.example:8080/service/streams/s2/frame');
    expect(url.searchParams.get('width')).toBe('240');
    expect(url.searchParams.get('height')).toBe('136');
    expect(url.searchParams.has('crop')).toBe(false);
    expect(held.requests[0]!.headers.Authorization).toBe('Bearer token-near');
    preview.dispose();
  });
});
