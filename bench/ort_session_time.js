// Times one model under onnxruntime-node the way `onnx-ref run --random-inputs` runs it: session
// creation plus one run on random inputs (one shot), then REPEAT more runs (steady state, the
// median), on THREADS intra-op threads. Prints one line: session ms, first run ms, median run ms,
// and the median CPU time of those runs (every thread of the process: on a busy machine, with one
// thread, the least disturbed figure).
//
//   NODE_PATH=.../node_modules node bench/ort_session_time.js MODEL [THREADS] [REPEAT]
'use strict';
const ort = require('onnxruntime-node');

const ARRAYS = {
  float32: Float32Array, uint8: Uint8Array, int8: Int8Array, int32: Int32Array, int64: BigInt64Array,
};

function randomTensor(meta) {
  const dims = meta.shape.map((d) => (typeof d === 'number' && d > 0 ? d : 1));
  const size = dims.reduce((a, b) => a * b, 1);
  const Array_ = ARRAYS[meta.type];
  if (!Array_) throw new Error(`no random values for ${meta.type}`);
  const data = new Array_(size);
  for (let i = 0; i < size; ++i) {
    if (meta.type === 'float32') data[i] = Math.random() * 2 - 1;
    else if (meta.type === 'uint8') data[i] = (Math.random() * 256) | 0;
    else if (meta.type === 'int8') data[i] = ((Math.random() * 256) | 0) - 128;
    else if (meta.type === 'int64') data[i] = BigInt((Math.random() * 100) | 0);
    else data[i] = (Math.random() * 100) | 0;
  }
  return new ort.Tensor(meta.type, data, dims);
}

async function main([model, threads = '2', repeat = '0']) {
  const options = { intraOpNumThreads: Number(threads), interOpNumThreads: 1 };
  const t0 = process.hrtime.bigint();
  const session = await ort.InferenceSession.create(model, options);
  const t1 = process.hrtime.bigint();
  const feeds = {};
  for (const meta of session.inputMetadata) feeds[meta.name] = randomTensor(meta);
  const t2 = process.hrtime.bigint();
  await session.run(feeds);
  const t3 = process.hrtime.bigint();
  const runs = [], cpu = [];
  for (let i = 0; i < Number(repeat); ++i) {
    const s = process.hrtime.bigint();
    const c = process.cpuUsage();
    await session.run(feeds);
    const used = process.cpuUsage(c);
    runs.push(Number(process.hrtime.bigint() - s) / 1e6);
    cpu.push((used.user + used.system) / 1e3);
  }
  runs.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const median = runs.length ? runs[runs.length >> 1].toFixed(1) : '-';
  const cpuMedian = cpu.length ? cpu[cpu.length >> 1].toFixed(1) : '-';
  console.log(`session ${(Number(t1 - t0) / 1e6).toFixed(1)} ms, first run ${(Number(t3 - t2) / 1e6).toFixed(1)} ms, ` +
              `one shot ${(Number(t1 - t0 + t3 - t2) / 1e6).toFixed(1)} ms, median of ${runs.length} more runs ${median} ms ` +
              `(CPU ${cpuMedian} ms)`);
}

main(process.argv.slice(2)).catch((e) => { console.error(e); process.exitCode = 2; });
