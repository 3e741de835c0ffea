import { describe, expect, it } from 'vitest';
import { HttpError, NO_RESPONSE } from '../../../../../../src/api/http-error';
import { describeCameraError, describeStreamSaveError, describeVerificationFailure } from '../../../../../../src/views/cameras/streams/stream-errors';

describe('camera errors (spec 8)', () => {
  it("shows 'code: reason' when the recorder sent both", () => {
    expect(describeCameraError(new HttpError(409, 'possible-streams-reached', 'This camera allows at most 2 streams.'))).toBe(
      'possible-streams-reached: This camera allows at most 2 streams.',
    );
  });

  it('shows the generic message otherwise', () => {
    expect(describeCameraError(new HttpError(500, null, null))).toBe('An unexpected error has occurred.');
    expect(describeCameraError(new HttpError(NO_RESPONSE, null, null))).toBe('An unexpected error has occurred.');
    expect(describeCameraError(new Error('boom'))).toBe('An unexpected error has occurred.');
  });
});

describe('stream save errors (spec 8)', () => {
  it("shows the recorder's reason", () => {
    expect(describeStreamSaveError(new HttpError(400, 'invalid-request', 'Stream name is required.'))).toBe('Stream name is required.');
  });

  it("shows 'code: reason' when the camera refused the settings or could not be reached", () => {
    expect(describeStreamSaveError(new HttpError(422, 'camera-settings-refused', 'The camera refused the video encoder settings.'))).toBe(
      'camera-settings-refused: The camera refused the video encoder settings.',
    );
    expect(
      describeStreamSaveError(new HttpError(422, 'camera-unreachable', 'Cannot connect to the camera. Check its address, port and that it is on.')),
    ).toBe('camera-unreachable: Cannot connect to the camera. Check its address, port and that it is on.');
    // A 422 without a reason falls back like any other save error.
    expect(describeStreamSaveError(new HttpError(422, 'camera-unreachable', null))).toBe('No response from the recorder.');
  });

  it("says 'no response from the recorder' without one", () => {
    expect(describeStreamSaveError(new HttpError(NO_RESPONSE, null, null))).toBe('No response from the recorder.');
    expect(describeStreamSaveError(new HttpError(502, null, null))).toBe('No response from the recorder.');
  });
});

describe('verification (spec 8)', () => {
  it("alerts 'camera verification failed' with the message", () => {
    expect(describeVerificationFailure('The stream is not running.')).toBe('Camera verification failed: The stream is not running.');
    expect(describeVerificationFailure(new HttpError(404, 'stream-not-found', 'Stream does not exist.'))).toBe(
      'Camera verification failed: stream-not-found: Stream does not exist.',
    );
  });
});
