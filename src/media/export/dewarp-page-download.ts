/**
 * Saves an "html dewarp" export (dewarp-page.ts): fetches the mov export
 * through its ticketed address, folds its base64 into Blobs every few MB
 * as it arrives (the browser may keep large Blobs on disk, so the page
 * never holds the whole file as text), wraps it in the player page and
 * hands the result to the browser as a download.
 *
 * This one format downloads through the page rather than a new window,
 * because the page has to be built from the video's bytes. Limits: the
 * viewing browser holds the whole video in memory, so it suits clips of
 * minutes, not hours.
 */
import type { StreamDewarpConfiguration } from '../../../server/shared/api';
import { HttpError, NO_RESPONSE } from '../../api/http-error';
import { base64Chunks } from './base64-chunks';
import { dewarpPageFrame } from './dewarp-page';

/** Base64 text gathered before it is folded into a Blob. */
const FOLD_CHARS = 8 * 1024 * 1024;

async function* bytesOf(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/** 'Gate 2026-11-25 08-00-00.mov' -> 'Gate 2026-11-25 08-00-00 dewarp.html'. */
export function dewarpFileName(contentDisposition: string | null, fallback: string): string {
  const quoted = /filename="([^"]+)"/.exec(contentDisposition ?? '')?.[1];
  const base = (quoted ?? fallback).replace(/\.[A-Za-z0-9]+$/, '');
  return `${base} dewarp.html`;
}

export interface DewarpPageRequest {
  /** The mov export's address, with its ticket. */
  url: string;
  cameraName: string;
  config: StreamDewarpConfiguration;
}

export async function downloadDewarpPage(request: DewarpPageRequest): Promise<void> {
  let response: Response;
  try {
    response = await fetch(request.url, { cache: 'no-store' });
  } catch {
    throw new HttpError(NO_RESPONSE, null, null);
  }
  if (!response.ok || !response.body) throw new HttpError(response.status, null, null);
  const fileName = dewarpFileName(response.headers.get('content-disposition'), `${request.cameraName} export`);
  const { head, tail } = dewarpPageFrame({ title: fileName.replace(/\.html$/, ''), config: request.config, videoType: 'video/mp4' });

  const parts: BlobPart[] = [head];
  let pending: string[] = [];
  let pendingChars = 0;
  for await (const text of base64Chunks(bytesOf(response.body))) {
    pending.push(text);
    pendingChars += text.length;
    if (pendingChars >= FOLD_CHARS) {
      parts.push(new Blob(pending));
      pending = [];
      pendingChars = 0;
    }
  }
  parts.push(new Blob(pending), tail);

  const href = URL.createObjectURL(new Blob(parts, { type: 'text/html' }));
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.click();
  // The download has taken its copy by then.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
