/**
 * Runs the recorder's one-address probe over every address of a search, a
 * few at a time: an address where nothing listens costs the probe's
 * time-out (2 s on the recorder), so a range is searched in parallel, but
 * only PROBE_CONCURRENCY at once to leave the recorder and the request
 * queue room. Every answer is handed on as it arrives; a failed address is
 * reported and the search goes on. Pure apart from the injected probe.
 */
export const PROBE_CONCURRENCY = 4;

export interface SearchCallbacks<T> {
  onFound: (found: T[]) => void;
  onFailed: (address: string, error: unknown) => void;
  onProgress: (done: number, total: number) => void;
}

export async function searchAddresses<T>(
  addresses: readonly string[],
  probe: (address: string) => Promise<T[]>,
  callbacks: SearchCallbacks<T>,
  concurrency = PROBE_CONCURRENCY,
): Promise<void> {
  let next = 0;
  let done = 0;
  callbacks.onProgress(0, addresses.length);
  const worker = async () => {
    while (next < addresses.length) {
      const address = addresses[next++]!;
      try {
        callbacks.onFound(await probe(address));
      } catch (error) {
        callbacks.onFailed(address, error);
      }
      callbacks.onProgress(++done, addresses.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, addresses.length) }, worker));
}
