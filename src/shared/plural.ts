/** The word that agrees with a count: "quer" for 1, "querem" for the rest. */
export const agree = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** "1 pessoa", "3 pessoas": a count with its noun. */
export const plural = (n: number, one: string, many: string) => `${n} ${agree(n, one, many)}`;
