import { defineConfig } from 'vitest/config';

// Unit tests are pure and fast. Integration tests start real servers, ffmpeg and
// camera simulators and spend most of their time waiting for recorded time to
// pass, so two files run at once (no more: the machine has two cores and each
// file's rig decodes and encodes video), with longer time-outs.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // Worker threads start faster than forked processes, and no unit test needs a process of its own.
          pool: 'threads',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
        },
      },
    ],
  },
});
