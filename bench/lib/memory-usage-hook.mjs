// Loaded with `node --import` into the API child process by bench/upload-memory-probe.ts only: appends
// the process's own view of its memory (process.memoryUsage) every 100 ms to the file named by
// BENCH_MEMORY_LOG, so a peak of VmRSS can be told apart: JavaScript heap, Buffers (arrayBuffers, e.g.
// the raw upload), other native memory. Nothing of the product is changed.
import fs from "node:fs";

const file = process.env.BENCH_MEMORY_LOG;
if (file) {
  const fd = fs.openSync(file, "w");
  const sample = () => {
    const m = process.memoryUsage();
    fs.writeSync(fd, `${Date.now()} ${m.rss} ${m.heapTotal} ${m.heapUsed} ${m.external} ${m.arrayBuffers}\n`);
  };
  // unref: the sampler never keeps the server alive on its own.
  setInterval(sample, 100).unref();
}
