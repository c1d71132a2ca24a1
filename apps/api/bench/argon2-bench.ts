import { hashPassword, verifyPassword } from '../src/lib/password';

// Argon2id with the OWASP parameters the server uses (19 MiB, 2 iterations, 1 lane).

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export async function argon2Bench(runs = 20): Promise<{ hashMs: number; verifyMs: number }> {
  await hashPassword('warm-up'); // the first call loads the native module
  const hashTimes: number[] = [];
  const verifyTimes: number[] = [];
  let hash = '';
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    hash = await hashPassword(`Bench-password-${i}!`);
    hashTimes.push(performance.now() - started);
    const checked = performance.now();
    await verifyPassword(hash, `Bench-password-${i}!`);
    verifyTimes.push(performance.now() - checked);
  }
  const hashMs = median(hashTimes);
  const verifyMs = median(verifyTimes);
  console.info(
    `argon2id (m=19 MiB, t=2, p=1): hash median ${hashMs.toFixed(1)} ms, verify median ${verifyMs.toFixed(1)} ms over ${runs} runs`,
  );
  return { hashMs, verifyMs };
}
