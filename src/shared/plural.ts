/** "1 pessoa", "3 pessoas": a count with its noun. */
export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
