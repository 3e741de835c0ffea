import { describe, expect, it } from 'vitest';
import { archiveBudgetBytes, estimateRetention, formatDays, withinBudget } from '../../../../../src/core/retention/retention-estimate';

const GB = 1024 ** 3;

describe('retention estimate of the edited configuration', () => {
  it('is the sum of per-day bytes times desired days against the archive budget', () => {
    const estimate = estimateRetention(
      [
        { bytesEstimatedPerDay: 2 * GB, manualDays: 10 },
        { bytesEstimatedPerDay: 1 * GB, manualDays: 5 },
      ],
      100 * GB,
    );
    expect(estimate.estimatedBytes).toBe(25 * GB);
    expect(estimate.possible).toBe(true);
    expect(estimate.daysPerCamera).toEqual([10, 5]);
  });

  it('automatic cameras share what the overrides leave, the same days each', () => {
    const estimate = estimateRetention(
      [
        { bytesEstimatedPerDay: 2 * GB, manualDays: 10 },
        { bytesEstimatedPerDay: 1 * GB, manualDays: null },
        { bytesEstimatedPerDay: 3 * GB, manualDays: null },
      ],
      100 * GB,
    );
    expect(estimate.automaticDays).toBe(20); // (100 - 20) / (1 + 3)
    expect(estimate.daysPerCamera).toEqual([10, 20, 20]);
    expect(estimate.estimatedBytes).toBe(100 * GB);
    expect(estimate.possible).toBe(true);
  });

  it('is not possible beyond 0.1 % over the budget, and overrides are shortened alike', () => {
    const budget = 1000 * GB;
    expect(estimateRetention([{ bytesEstimatedPerDay: GB, manualDays: 1001 }], budget).possible).toBe(true); // exactly 0.1 % over
    const over = estimateRetention(
      [
        { bytesEstimatedPerDay: GB, manualDays: 1002 },
        { bytesEstimatedPerDay: GB, manualDays: null },
      ],
      budget,
    );
    expect(over.possible).toBe(false);
    expect(over.automaticDays).toBe(0);
    expect(over.daysPerCamera[0]).toBeCloseTo(1000);
    expect(withinBudget(1001, 1000)).toBe(true);
    expect(withinBudget(1001.5, 1000)).toBe(false);
  });

  it('a camera with nothing estimated yet (under 60 s recorded) adds nothing', () => {
    const estimate = estimateRetention([{ bytesEstimatedPerDay: 0, manualDays: 10_000 }, { bytesEstimatedPerDay: 0, manualDays: null }], GB);
    expect(estimate.estimatedBytes).toBe(0);
    expect(estimate.automaticDays).toBe(0);
    expect(estimate.possible).toBe(true);
  });

  it('the budget is what archives may use up to the threshold, less deleted cameras’ archives', () => {
    expect(archiveBudgetBytes({ availableUpToThreshold: 90 * GB, bytesFromDeletedCameras: 5 * GB })).toBe(85 * GB);
    expect(archiveBudgetBytes({ availableUpToThreshold: GB, bytesFromDeletedCameras: 2 * GB })).toBe(0);
  });

  it('shows days to 0.1', () => {
    expect(formatDays(7)).toBe('7.0');
    expect(formatDays(3.14159)).toBe('3.1');
    expect(formatDays(0.05)).toBe('0.1');
  });
});
