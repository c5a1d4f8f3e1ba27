/**
 * A bound on the typed-array memory of the current thread while some work runs. pdf.js inflates a stream
 * to whatever size it decodes to and has no option to stop it: a 17 KiB PDF whose page repeats one
 * 16 MiB stream 64 times made a thread allocate a gigabyte within seconds. That memory lies outside the
 * V8 heap the page pool's `resourceLimits` bound, so while the work runs:
 *
 * - every large `Uint8Array` the thread's code allocates is checked against the thread's ArrayBuffer
 *   memory, and refused past the budget (Node's own buffers are not affected: Node keeps the original
 *   constructor);
 * - `DecompressionStream` is hidden: its output is allocated natively, where no check can see it. Code
 *   that falls back to an inflater of its own (pdf.js does) then allocates where the budget applies.
 */

/** Smaller allocations are not checked: far too many of them, and each too small to matter. */
const CHECKED_BYTES = 64 * 1024;

export interface BufferBudget {
  readonly maxBytes: number;
  /** Whether an allocation was refused (the work may have gone on without it: pdf.js skips what fails). */
  readonly exceeded: boolean;
}

interface ActiveBudget extends BufferBudget {
  exceeded: boolean;
}

export class BufferBudgetExceeded extends RangeError {
  constructor(bytes: number, maxBytes: number) {
    super(`allocating ${bytes} more bytes would pass the ${maxBytes}-byte memory budget`);
    this.name = "BufferBudgetExceeded";
  }
}

const active = new Set<ActiveBudget>();
let originals: { uint8Array: Uint8ArrayConstructor; decompressionStream?: PropertyDescriptor } | undefined;

/** Refuses the allocation past a budget, and every later one: the work is to stop, not to squeeze in. */
function charge(bytes: number): void {
  const total = process.memoryUsage().arrayBuffers + bytes;
  let refused: ActiveBudget | undefined;
  for (const budget of active) {
    if (total > budget.maxBytes) budget.exceeded = true;
    if (budget.exceeded) refused ??= budget;
  }
  if (refused) throw new BufferBudgetExceeded(bytes, refused.maxBytes);
}

function install(): void {
  if (originals) return;
  const original = Uint8Array;
  originals = {
    uint8Array: original,
    decompressionStream: Object.getOwnPropertyDescriptor(globalThis, "DecompressionStream"),
  };
  Reflect.deleteProperty(globalThis, "DecompressionStream");
  globalThis.Uint8Array = new Proxy(original, {
    construct(target, args, newTarget) {
      const [length] = args;
      if (typeof length === "number" && length >= CHECKED_BYTES) charge(length);
      return Reflect.construct(target, args, newTarget);
    },
  });
}

function uninstall(): void {
  if (!originals || active.size > 0) return;
  globalThis.Uint8Array = originals.uint8Array;
  if (originals.decompressionStream) {
    Object.defineProperty(globalThis, "DecompressionStream", originals.decompressionStream);
  }
  originals = undefined;
}

/**
 * Runs `work` with the thread's ArrayBuffer memory bounded to `maxBytes`: a `new Uint8Array(length)` that
 * would pass it throws `BufferBudgetExceeded`, and `budget.exceeded` tells the work (and the caller) so.
 */
export async function withBufferBudget<T>(
  maxBytes: number,
  work: (budget: BufferBudget) => Promise<T>,
): Promise<T> {
  const budget: ActiveBudget = { maxBytes, exceeded: false };
  active.add(budget);
  install();
  try {
    return await work(budget);
  } finally {
    active.delete(budget);
    uninstall();
  }
}
