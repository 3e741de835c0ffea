import { defineConfig } from 'vitest/config';

// Unit tests are pure and fast. Integration tests start real servers, ffmpeg and
// camera simulators and spend most of their time waiting for recorded time to
// pass: with two files at once the suite kept two cores a third busy (9.5 min
// wall, 6.4 min CPU), so three run at once. Four were faster again (7.7 min)
// but held the load at 10-11 on two cores, where timing-sensitive rigs have
// failed before; three is the margin kept. Longer time-outs for all of it.
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
          maxWorkers: 3,
        },
      },
    ],
  },
});
