/** The numeric keywords of a schema that a generated number must satisfy. */
export interface NumberConstraints {
  integer: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
}

const num = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : undefined);

export function numberConstraints(schema: Record<string, unknown>, integer: boolean): NumberConstraints {
  return {
    integer,
    minimum: num(schema.minimum),
    maximum: num(schema.maximum),
    exclusiveMinimum: num(schema.exclusiveMinimum),
    exclusiveMaximum: num(schema.exclusiveMaximum),
    multipleOf: num(schema.multipleOf),
  };
}

/** The bounds as [low, high], whether each is exclusive. */
export function boundsOf(c: NumberConstraints): {
  low: number;
  high: number;
  lowOpen: boolean;
  highOpen: boolean;
} {
  let low = Number.NEGATIVE_INFINITY;
  let lowOpen = false;
  if (c.minimum !== undefined) low = c.minimum;
  if (c.exclusiveMinimum !== undefined && c.exclusiveMinimum >= low) {
    low = c.exclusiveMinimum;
    lowOpen = true;
  }
  let high = Number.POSITIVE_INFINITY;
  let highOpen = false;
  if (c.maximum !== undefined) high = c.maximum;
  if (c.exclusiveMaximum !== undefined && c.exclusiveMaximum <= high) {
    high = c.exclusiveMaximum;
    highOpen = true;
  }
  return { low, high, lowOpen, highOpen };
}

function satisfies(value: number, c: NumberConstraints): boolean {
  const { low, high, lowOpen, highOpen } = boundsOf(c);
  if (lowOpen ? value <= low : value < low) return false;
  if (highOpen ? value >= high : value > high) return false;
  if (c.integer && !Number.isInteger(value)) return false;
  // The same test ajv runs, floating point included.
  if (
    c.multipleOf !== undefined &&
    value / c.multipleOf !== Number.parseInt(String(value / c.multipleOf), 10)
  ) {
    return false;
  }
  return true;
}

const tidy = (value: number) => Number(value.toPrecision(12));

/** The number closest to `wanted` that satisfies the constraints, or undefined when there is none. */
export function fitNumber(wanted: number, c: NumberConstraints): number | undefined {
  const { low, high, lowOpen, highOpen } = boundsOf(c);
  if (low > high || (low === high && (lowOpen || highOpen))) return undefined;
  const step = c.multipleOf ?? (c.integer ? 1 : undefined);

  if (step === undefined) {
    let value = wanted;
    if (lowOpen ? value <= low : value < low)
      value = lowOpen ? (Number.isFinite(high) ? (low + high) / 2 : low + 1) : low;
    if (highOpen ? value >= high : value > high) {
      value = highOpen ? (Number.isFinite(low) ? (low + high) / 2 : high - 1) : high;
    }
    return satisfies(value, c) ? value : undefined;
  }

  const firstK = Number.isFinite(low) ? Math.ceil(low / step) : Number.NEGATIVE_INFINITY;
  const lastK = Number.isFinite(high) ? Math.floor(high / step) : Number.POSITIVE_INFINITY;
  const startK = Math.min(Math.max(Math.round(wanted / step), firstK), lastK);
  // Walk outwards from the nearest multiple; exclusive bounds, integer-ness and float error can each
  // rule out a candidate.
  for (let distance = 0; distance <= 1_000; distance++) {
    for (const k of distance === 0 ? [startK] : [startK + distance, startK - distance]) {
      if (k < firstK - 1 || k > lastK + 1 || !Number.isFinite(k)) continue;
      const value = tidy(k * step);
      if (satisfies(value, c)) return value;
    }
  }
  return undefined;
}
