/**
 * A query's parameters, collected as its SQL is written: each value's
 * placeholder is the one `add` returned for it, so none is counted by hand.
 */
export function sqlParams() {
  const values: unknown[] = [];
  return {
    values,
    add(value: unknown): string {
      values.push(value);
      return `$${values.length}`;
    },
  };
}

export type SqlParams = ReturnType<typeof sqlParams>;
