/** When the controlled-shutdown page reloads (src/core/properties/restart-watch.ts). */
import { expect, it } from 'vitest';
import { afterPing } from '../../../../../src/core/properties/restart-watch';

it('reloads once the recorder went down and answers again', () => {
  let step = afterPing({ seenDown: false }, true, 1000);
  expect(step.reload).toBe(false);
  step = afterPing(step.watch, false, 2000);
  expect(step).toEqual({ watch: { seenDown: true }, reload: false });
  expect(afterPing(step.watch, true, 3000).reload).toBe(true);
});

it('reloads after 90 s whatever the pings said', () => {
  expect(afterPing({ seenDown: false }, true, 90_000).reload).toBe(true);
  expect(afterPing({ seenDown: true }, false, 89_999).reload).toBe(false);
});
