/**
 * A camera's preview through the aggregator (spec 7 aggregator calls):
 * GET /service/orchids/{id}/cameras/{cameraId}/preview?width=&height=&crop=
 * answers the live JPEG of the camera's primary stream, asked of its
 * recorder as the signed-in user, at the size asked (the client asks twice
 * the element's size). `crop` covers width x height exactly, cut in the
 * centre; otherwise the picture fits inside it. A session id is never taken
 * from the query (`fsid` is refused); a caller that cannot send the header
 * brings a single-use ticket from POST .../preview/tickets as `ticket`.
 * Unknown query fields (the client's cache buster) are ignored.
 */
import { Type, type Static } from 'typebox';
import { MAX_JPEG_HEIGHT, MAX_JPEG_WIDTH } from '../validation';
import { IdParams } from './params';

/** `/orchids/{id}/cameras/{cameraId}`: a server's camera. */
export const OrchidCameraParams = Type.Object({ id: IdParams.properties.id, cameraId: IdParams.properties.id });
export type OrchidCameraParams = Static<typeof OrchidCameraParams>;

export const CameraPreviewQuery = Type.Object({
  width: Type.Integer({ minimum: 1, maximum: MAX_JPEG_WIDTH }),
  height: Type.Integer({ minimum: 1, maximum: MAX_JPEG_HEIGHT }),
  crop: Type.Optional(Type.Boolean()),
  ticket: Type.Optional(Type.String({ maxLength: 128 })),
});
export type CameraPreviewQuery = Static<typeof CameraPreviewQuery>;
