import { describe, expect, it } from 'vitest';
import {
  completionSummary,
  failedItems,
  registeredSoFar,
  registerSequentially,
  type RegistrationItem,
  type RegistrationProgress,
} from '../../../../../../src/views/cameras/add/bulk-registration';

interface Req {
  url: string;
  password: string;
}

const item = (key: string, password = 'right'): RegistrationItem<Req> => ({ key, name: `Cam ${key}`, request: { url: key, password } });

/** A recorder that takes one registration at a time and refuses a wrong password; it records the order and overlap it saw. */
function fakeRecorder() {
  const order: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let next = 1;
  const register = async (request: Req) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    order.push(request.url);
    await new Promise((resolve) => setTimeout(resolve, 1));
    inFlight--;
    if (request.password !== 'right') throw new Error(`camera-authentication-failed: ${request.url}`);
    return { id: `id-${next++}` };
  };
  return { register, order, maxInFlight: () => maxInFlight };
}

const describeError = (error: unknown) => (error instanceof Error ? error.message : 'unexpected');

describe('bulk registration (spec 4)', () => {
  it('registers one camera at a time, in order', async () => {
    const recorder = fakeRecorder();
    const items = [item('a'), item('b'), item('c')];
    const run = await registerSequentially(items, { register: recorder.register, describeError });
    expect(recorder.order).toEqual(['a', 'b', 'c']);
    expect(recorder.maxInFlight()).toBe(1);
    expect(run.registered.map((c) => c.cameraId)).toEqual(['id-1', 'id-2', 'id-3']);
    expect(run.errors).toEqual([]);
  });

  it('reports progress as count of total with the camera being registered', async () => {
    const recorder = fakeRecorder();
    const seen: RegistrationProgress[] = [];
    await registerSequentially([item('a'), item('b')], { register: recorder.register, describeError, onProgress: (p) => seen.push({ ...p }) });
    expect(seen).toEqual([
      { done: 0, total: 2, current: 'a' },
      { done: 1, total: 2, current: 'b' },
      { done: 2, total: 2, current: null },
    ]);
  });

  it('gives each camera its success or error and lists the errors; a failure does not stop the run', async () => {
    const recorder = fakeRecorder();
    const run = await registerSequentially([item('a'), item('b', 'wrong'), item('c')], { register: recorder.register, describeError });
    expect(run.outcomes.get('a')).toEqual({ status: 'registered', cameraId: 'id-1' });
    expect(run.outcomes.get('b')).toEqual({ status: 'failed', message: 'camera-authentication-failed: b' });
    expect(run.outcomes.get('c')).toEqual({ status: 'registered', cameraId: 'id-2' });
    expect(run.errors).toEqual([{ key: 'b', name: 'Cam b', message: 'camera-authentication-failed: b' }]);
    expect(completionSummary(run, run.registered)).toEqual({ registeredCount: 2, failedCount: 1, allSucceeded: false });
  });

  it('retries the failed cameras only, with the request rebuilt from the fixed credentials', async () => {
    const recorder = fakeRecorder();
    const items = [item('a'), item('b', 'wrong'), item('c', 'wrong')];
    const first = await registerSequentially(items, { register: recorder.register, describeError });
    const retry = failedItems(first, items, (it) => ({ ...it.request, password: 'right' }));
    expect(retry.map((it) => it.key)).toEqual(['b', 'c']);
    const second = await registerSequentially(retry, { register: recorder.register, describeError });
    expect(recorder.order).toEqual(['a', 'b', 'c', 'b', 'c']);
    expect(second.errors).toEqual([]);
    const all = registeredSoFar(first.registered, second);
    expect(all.map((c) => c.key)).toEqual(['a', 'b', 'c']);
    // The completion counts every camera registered across the runs; the dialog closes once all succeed.
    expect(completionSummary(second, all)).toEqual({ registeredCount: 3, failedCount: 0, allSucceeded: true });
  });

  it('does not close when any camera still fails after a retry', async () => {
    const recorder = fakeRecorder();
    const items = [item('a', 'wrong')];
    const first = await registerSequentially(items, { register: recorder.register, describeError });
    const second = await registerSequentially(failedItems(first, items), { register: recorder.register, describeError });
    expect(completionSummary(second, registeredSoFar([], second)).allSucceeded).toBe(false);
    expect(second.errors.map((e) => e.key)).toEqual(['a']);
  });
});
