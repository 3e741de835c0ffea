import { describe, expect, it, vi } from 'vitest';
import { browserTimers } from '../../../../workers/core/browser-timers';

describe('browserTimers', () => {
  it('runs a callback after its delay', () => {
    vi.useFakeTimers();
    try {
      const callback = vi.fn();
      browserTimers.setTimeout(callback, 100);
      vi.advanceTimersByTime(99);
      expect(callback).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(callback).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });

  it('cancels with the handle it returned', () => {
    vi.useFakeTimers();
    try {
      const callback = vi.fn();
      browserTimers.clearTimeout(browserTimers.setTimeout(callback, 100));
      vi.advanceTimersByTime(200);
      expect(callback).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
