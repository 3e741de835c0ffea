/**
 * Bulk registration of discovered cameras (spec 4): sequential, one camera
 * at a time, so a recorder is never asked to probe many cameras at once and
 * the person sees which camera is being registered. Each camera ends in
 * success or an error; the run reports progress (done/total), the errors
 * list, and every camera registered so far, across retries, so the
 * completion message can offer to remove exactly those. A retry runs the
 * failed cameras only, with the credentials as they are now.
 *
 * Pure apart from the injected `register` call; no React, no API import.
 */

export interface RegistrationItem<Request> {
  /** Stable key of the camera in the discovered table (its device URL). */
  key: string;
  name: string;
  request: Request;
}

export type ItemOutcome = { status: 'registered'; cameraId: string } | { status: 'failed'; message: string };

export interface RegistrationProgress {
  done: number;
  total: number;
  /** Key of the camera being registered, null when none is. */
  current: string | null;
}

export interface RegisteredCamera {
  key: string;
  name: string;
  cameraId: string;
}

export interface RegistrationError {
  key: string;
  name: string;
  message: string;
}

export interface RegistrationRun {
  outcomes: ReadonlyMap<string, ItemOutcome>;
  /** Registered in this run. */
  registered: RegisteredCamera[];
  errors: RegistrationError[];
  total: number;
}

export interface RunOptions<Request> {
  register: (request: Request) => Promise<{ id: string }>;
  describeError: (error: unknown) => string;
  onProgress?: (progress: RegistrationProgress, outcomes: ReadonlyMap<string, ItemOutcome>) => void;
}

/** Registers `items` in order, waiting for each before the next. Never rejects: failures are outcomes. */
export async function registerSequentially<Request>(items: ReadonlyArray<RegistrationItem<Request>>, options: RunOptions<Request>): Promise<RegistrationRun> {
  const outcomes = new Map<string, ItemOutcome>();
  const registered: RegisteredCamera[] = [];
  const errors: RegistrationError[] = [];
  const total = items.length;
  for (const [index, item] of items.entries()) {
    options.onProgress?.({ done: index, total, current: item.key }, outcomes);
    try {
      const camera = await options.register(item.request);
      outcomes.set(item.key, { status: 'registered', cameraId: camera.id });
      registered.push({ key: item.key, name: item.name, cameraId: camera.id });
    } catch (error) {
      const message = options.describeError(error);
      outcomes.set(item.key, { status: 'failed', message });
      errors.push({ key: item.key, name: item.name, message });
    }
  }
  options.onProgress?.({ done: total, total, current: null }, outcomes);
  return { outcomes, registered, errors, total };
}

/** The items of the last run that failed, rebuilt with today's request (the person may have fixed the password). */
export function failedItems<Request>(
  run: RegistrationRun,
  items: ReadonlyArray<RegistrationItem<Request>>,
  rebuild: (item: RegistrationItem<Request>) => Request = (item) => item.request,
): Array<RegistrationItem<Request>> {
  const failed = new Set(run.errors.map((error) => error.key));
  return items.filter((item) => failed.has(item.key)).map((item) => ({ ...item, request: rebuild(item) }));
}

/** Everything registered over the first run and its retries, in the order it happened. */
export function registeredSoFar(previous: readonly RegisteredCamera[], run: RegistrationRun): RegisteredCamera[] {
  const known = new Set(previous.map((camera) => camera.cameraId));
  return [...previous, ...run.registered.filter((camera) => !known.has(camera.cameraId))];
}

export interface CompletionSummary {
  registeredCount: number;
  failedCount: number;
  /** Spec 4: the dialog closes when every camera was registered. */
  allSucceeded: boolean;
}

export function completionSummary(run: RegistrationRun, registered: readonly RegisteredCamera[]): CompletionSummary {
  return { registeredCount: registered.length, failedCount: run.errors.length, allSucceeded: run.errors.length === 0 };
}
