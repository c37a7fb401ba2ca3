/** A full run's movement figures, as run.ts stores them: the API at `apiRps` against the replay at `replayRps`. */
export function movementResults(apiRps: number, replayRps: number, tps: number) {
  return {
    pgbench: { tps, scale: 10, clients: 8, threads: 2, latencyAvgMs: 3.5 },
    movementReplay: { movementsPerSecond: replayRps, rounds: [replayRps], failed: 0, violations: 0 },
    movements: {
      rps: apiRps,
      requests: 20_000,
      non2xx: 0,
      ratio: apiRps / tps,
      latencyMs: { p50: 10, p95: 16, p99: 21 },
      alternating: { rps: apiRps, rounds: [apiRps], non2xx: 0 },
      replayRatio: apiRps / replayRps,
      violations: 0,
      rssMb: { maxMb: 170, samples: 150 },
    },
  };
}
