/**
 * A whole number the benchmarks read from the environment (seconds, connections, guests …): `fallback` when the
 * variable is unset, otherwise the number it holds, or a clear error naming the variable rather than a run that
 * measures nothing (a NaN duration) or divides by zero.
 */
export function wholeNumberSetting(name: string, fallback: number, min = 1): number {
  const given = process.env[name];
  if (given === undefined || given === '') return fallback;
  const value = Number(given);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`${name} must be a whole number, ${min} or more (was ${JSON.stringify(given)})`);
  return value;
}
