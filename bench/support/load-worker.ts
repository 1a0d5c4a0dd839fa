// Drives HTTP load with autocannon in a child process (forked by api-list.bench.ts with an IPC
// channel), so the load generator does not share the event loop of the API under test. Every
// response time is kept, so p95 is exact (autocannon itself reports p90, p97.5 and p99).
import autocannon from 'autocannon';
import { type LatencySummary, summarize } from './stats';

export interface LoadOptions {
  url: string;
  headers: Record<string, string>;
  connections: number;
  durationSeconds: number;
}

export interface LoadResult {
  latency: LatencySummary;
  requestsPerSecond: number;
  durationSeconds: number;
  completed: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

function run(options: LoadOptions): Promise<LoadResult> {
  const samples: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        headers: options.headers,
        connections: options.connections,
        duration: options.durationSeconds,
        timeout: 30,
      },
      (error: Error | null, result: autocannon.Result) => {
        if (error) return reject(error);
        resolve({
          latency: summarize(samples),
          requestsPerSecond: samples.length / result.duration,
          durationSeconds: result.duration,
          completed: samples.length,
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) samples.push(responseTime);
    });
  });
}

const reply = (message: { result?: LoadResult; error?: string }) =>
  new Promise<void>((resolve) => {
    process.send?.(message, () => resolve());
  });

if (process.send) {
  process.once('message', (options: LoadOptions) => {
    run(options)
      .then(
        (result) => reply({ result }),
        (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
      )
      .finally(() => process.disconnect());
  });
}
