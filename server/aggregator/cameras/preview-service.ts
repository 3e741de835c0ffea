/**
 * A camera's preview through the aggregator (spec 7: GET
 * /service/orchids/{id}/cameras/{cameraId}/preview): the live picture of
 * the camera's primary stream, asked of the camera's recorder as the
 * signed-in user (the user's own session there, proxy/proxy-target.ts), so
 * the recorder shows only what the user's role may see; the JPEG streams
 * back as it arrives. Also the single-use tickets that open it for a caller
 * without the header.
 *
 * Errors, as the rest of the aggregator answers them (spec 8): an unknown
 * or offline server is 404 with the not-available message; the recorder's
 * refusal keeps its status, code and reason (an unknown camera is its 404);
 * a recorder that refuses the user's session there has it forgotten (on
 * that server only) and is asked once more with a new one, and refused
 * again it is 503 'no_session'; a redirect is not followed (a user's token
 * goes to the registered address, nowhere else) and is answered 502.
 *
 * Cost: two calls to the recorder per picture (the camera, for its primary
 * stream, which an administrator may change at any time; then the picture,
 * one short ffmpeg there); nothing is decoded here.
 */
import { ApiError, notFound } from '../../common/api-error';
import { ticketResource, type TicketRule } from '../../common/http/auth';
import type { AuthenticatedSession } from '../../common/session';
import type { Camera, TicketResponse, User } from '../../shared/api';
import type { AggregatorTickets } from '../identity/tickets';
import { notAvailable } from '../orchids/orchids-service';
import { callRecorder, openRecorder, RecorderCallError } from '../orchids/recorder-client';
import { readAsUser, type ProxyDeps } from '../proxy/proxy-target';

/** The recorder's own picture may wait for a keyframe (5 s) and a busy decoder queue; past this the server counts as not answering. */
export const PREVIEW_TIMEOUT_MS = 20_000;

/** The preview route also opens with a 'camera-preview' ticket for its server and camera (path parameters id, cameraId). */
export const PREVIEW_TICKET = { scope: 'camera-preview', param: ['id', 'cameraId'] } as const satisfies TicketRule;

export interface PreviewRequest {
  width: number;
  height: number;
  /** Cover width x height and cut it in the centre, rather than fit inside it. */
  crop: boolean;
}

export interface PreviewPicture {
  jpeg: ReadableStream<Uint8Array>;
  sizeBytes: number | undefined;
}

export interface CameraPreviewsDeps extends ProxyDeps {
  tickets: AggregatorTickets;
}

export class CameraPreviews {
  constructor(
    private readonly deps: CameraPreviewsDeps,
    private readonly timeoutMs = PREVIEW_TIMEOUT_MS,
  ) {}

  /** The camera's live JPEG as `user` may see it; `signal` ends the calls when the caller has gone. */
  async picture(orchidId: string, cameraId: string, user: User, request: PreviewRequest, signal?: AbortSignal): Promise<PreviewPicture> {
    const query = new URLSearchParams({ width: String(request.width), height: String(request.height), crop: String(request.crop) });
    try {
      return await readAsUser(this.deps, orchidId, user, async (target) => {
        const call = { token: target.token, signal };
        const camera = await callRecorder<Camera | undefined>(target.uri, `/service/cameras/${encodeURIComponent(cameraId)}`, call);
        const stream = camera?.primaryStream;
        if (!stream) throw notFound('The camera has no primary stream.', 'no-primary-stream');
        const response = await openRecorder(target.uri, `/service/streams/${encodeURIComponent(stream.id)}/frame?${query}`, {
          ...call,
          accept: 'image/jpeg',
          timeoutMs: this.timeoutMs,
        });
        if (!response.body) throw new ApiError(502, 'orchid-failed', 'The server answered no picture.');
        return { jpeg: response.body, sizeBytes: Number(response.headers.get('content-length')) || undefined };
      });
    } catch (error) {
      // Nobody is left to answer (a bag scrolled away, a page left): not the server's fault, nothing to log as one.
      if (signal?.aborted) throw new ApiError(499, 'caller-gone', 'The caller went away before the picture came.');
      throw this.refusal(error);
    }
  }

  /** A ticket that opens this camera's preview once, within 30 s, as `session`'s user (identity/tickets.ts). */
  async ticket(session: AuthenticatedSession, orchidId: string, cameraId: string): Promise<TicketResponse> {
    if (!(await this.deps.orchids.findCached(orchidId))) throw notAvailable();
    return this.deps.tickets.issue(session, PREVIEW_TICKET.scope, ticketResource(PREVIEW_TICKET, { id: orchidId, cameraId }));
  }

  private refusal(error: unknown): unknown {
    if (!(error instanceof RecorderCallError)) return error;
    if (error.kind === 'unreachable') return notAvailable();
    const status = error.status ?? 502;
    if (status >= 300 && status < 400) return new ApiError(502, 'orchid-redirect', 'The server answered with a redirect, which is not followed.');
    return new ApiError(status, error.code ?? 'orchid-failed', error.message);
  }
}
