/**
 * Many reads as one query. Reads are gathered until the event loop has run the callbacks already due (the
 * requests that arrived together: `setImmediate`), then go as one query (at most `maxBatch` of them); reads
 * asked for while a query runs go together in the next one. Under load, most of the cost of a query that is
 * not the work itself (a round trip, parsing, planning; on PGlite the whole per-statement overhead) is then
 * paid once per batch, not once per read.
 *
 * The wait for `setImmediate` matters on PGlite: its query runs to its end in the microtasks of the request
 * that started it, before the event loop reads the next request, so no read would ever find another to
 * join.
 */
export interface ReadBatcherOptions {
  /** Batches loading at once (PGlite: 1, it runs one statement at a time). */
  concurrency: number;
  maxBatch?: number;
}

interface Waiting<K, V> {
  key: K;
  resolve(value: V): void;
  reject(error: unknown): void;
}

/** `load` answers one value per key, in the order of `keys`. */
export function createReadBatcher<K, V>(load: (keys: K[]) => Promise<V[]>, options: ReadBatcherOptions) {
  const maxBatch = options.maxBatch ?? 100;
  const waiting: Waiting<K, V>[] = [];
  let running = 0;
  let scheduled = false;

  async function drain(): Promise<void> {
    running++;
    try {
      while (waiting.length > 0) {
        const batch = waiting.splice(0, maxBatch);
        try {
          const values = await load(batch.map((read) => read.key));
          for (const [index, read] of batch.entries()) read.resolve(values[index] as V);
        } catch (error) {
          for (const read of batch) read.reject(error);
        }
      }
    } finally {
      running--;
    }
  }

  return function read(key: K): Promise<V> {
    return new Promise<V>((resolve, reject) => {
      waiting.push({ key, resolve, reject });
      if (running < options.concurrency && !scheduled) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          // else a running drain takes them when its query ends
          if (running < options.concurrency) void drain();
        });
      }
    });
  };
}
