/**
 * Simulated cameras for the media-core tests, in the test process, on a
 * free block of loopback ports (ten per camera; another block is tried when
 * one is taken).
 */
import { startCameraSim, type CameraSim } from '../../../../server/camera-sim/camera-sim';

export async function startSimulator(count: number, options: { motion?: boolean; audio?: boolean } = {}): Promise<CameraSim> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 10; attempt++) {
    const basePort = 30_000 + Math.floor(Math.random() * 2_500) * 10;
    try {
      return await startCameraSim({ count, basePort, motion: options.motion ?? false, ...(options.audio === undefined ? {} : { audio: options.audio }) });
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}
