// Runs ONNX backend-test folders (model.onnx + test_data_set_N/input_K.pb, output_K.pb) through
// onnxruntime-node in one process, the way `onnx-ref test` runs them, for a like-for-like timing.
//
//   node ort_runner.js [--threads N] ROOT...             every model.onnx test folder below ROOTs
//   node ort_runner.js --run MODEL --output-dir DIR      run a model without feeds, write output_K.pb
//   node ort_runner.js --diffs [--rtol R --atol A] ROOT...  also print each test's largest
//                                                          differences from the expected outputs
//   node ort_runner.js --no-compare --repeat N ROOT...   one session per test, its first data set
//                                                          run N times: per-run min/median/max
//
// NODE_PATH must reach the onnxruntime-node package (scripts/bench-compare.sh installs it).
'use strict';
const fs = require('fs');
const path = require('path');
const ort = require('onnxruntime-node');

// ---- TensorProto: the fields backend-test files use ----

const { TYPES, decodeTensor: decodeTensorProto } = require('./tensor_proto.js');

const CODE_OF = Object.fromEntries(Object.entries(TYPES).map(([code, [name]]) => [name, Number(code)]));
const decodeTensor = (buf) => decodeTensorProto(ort, buf);

function varintBytes(value) {
  let v = BigInt.asUintN(64, BigInt(value));
  const out = [];
  do { let b = Number(v & 0x7fn); v >>= 7n; if (v) b |= 0x80; out.push(b); } while (v);
  return out;
}

// dims, data_type, name and raw_data, streamed from the tensor's buffer without a copy.
function writeTensorFile(file, tensor, name) {
  const header = [];
  for (const d of tensor.dims) header.push(0x08, ...varintBytes(d));
  header.push(0x10, ...varintBytes(CODE_OF[tensor.type]));
  const nameBytes = Buffer.from(name, 'utf8');
  if (nameBytes.length) header.push(0x42, ...varintBytes(nameBytes.length), ...nameBytes);
  const data = Buffer.from(tensor.data.buffer, tensor.data.byteOffset, tensor.data.byteLength);
  header.push(0x4a, ...varintBytes(data.length));
  const fd = fs.openSync(file, 'w');
  try {
    fs.writeSync(fd, Buffer.from(header));
    for (let done = 0; done < data.length;) done += fs.writeSync(fd, data, done, data.length - done);
  } finally {
    fs.closeSync(fd);
  }
}

// ---- Comparison, as onnx-ref and ONNX's backend runner do it ----

function compare(actual, expected, rtol = 1e-3, atol = 1e-7) {
  if (actual.type !== expected.type) return `type ${actual.type}, expected ${expected.type}`;
  if (actual.dims.join() !== expected.dims.join()) return `shape [${actual.dims}], expected [${expected.dims}]`;
  const a = actual.data, e = expected.data;
  const floating = ['float32', 'float64'].includes(expected.type);
  for (let i = 0; i < e.length; ++i) {
    if (a[i] === e[i]) continue;
    if (floating && Number.isNaN(a[i]) && Number.isNaN(e[i])) continue;
    if (floating && Math.abs(a[i] - e[i]) <= atol + rtol * Math.abs(e[i])) continue;
    return `element ${i}: got ${a[i]}, expected ${e[i]}`;
  }
  return null;
}

// The largest absolute difference, and the largest relative one (|a - e| / |e|, over elements
// with e != 0), between two floating tensors of one shape.
function largestDifferences(actual, expected) {
  let abs = 0, rel = 0;
  const a = actual.data, e = expected.data;
  for (let i = 0; i < e.length; ++i) {
    const d = Math.abs(Number(a[i]) - Number(e[i]));
    if (!(d <= abs)) abs = d;
    if (Number(e[i]) !== 0 && !(d / Math.abs(Number(e[i])) <= rel)) rel = d / Math.abs(Number(e[i]));
  }
  return { abs, rel };
}

// ---- Test folders ----

function findTests(root, out) {
  if (fs.existsSync(path.join(root, 'model.onnx'))) { out.push(root); return out; }
  for (const entry of fs.readdirSync(root, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name)))
    if (entry.isDirectory()) findTests(path.join(root, entry.name), out);
  return out;
}

function numbered(dir, prefix) {
  const files = [];
  for (let k = 0; fs.existsSync(path.join(dir, `${prefix}${k}.pb`)); ++k) files.push(path.join(dir, `${prefix}${k}.pb`));
  return files.map((f) => decodeTensor(fs.readFileSync(f)));
}

async function runTest(dir, sessionOptions, options) {
  const created = process.hrtime.bigint();
  const session = await ort.InferenceSession.create(path.join(dir, 'model.onnx'), sessionOptions);
  const sessionMs = Number(process.hrtime.bigint() - created) / 1e6;
  let runMs = 0;
  try {
    const sets = fs.readdirSync(dir).filter((n) => n.startsWith('test_data_set_')).sort();
    if (sets.length === 0) return 'no test_data_set_N folder';
    for (const set of sets) {
      const inputs = numbered(path.join(dir, set), 'input_');
      const expected = numbered(path.join(dir, set), 'output_');
      // By the tensor's name when it names a graph input, otherwise by position.
      const feeds = {};
      inputs.forEach((t, k) => { feeds[session.inputNames.includes(t.name) ? t.name : session.inputNames[k]] = t.tensor; });
      const started = process.hrtime.bigint();
      const results = await session.run(feeds);
      runMs += Number(process.hrtime.bigint() - started) / 1e6;
      // --repeat N: the same session runs the same feeds N times in all (steady state).
      if (options.repeat > 1) {
        const times = [runMs];
        for (let r = 1; r < options.repeat; ++r) {
          const t0 = process.hrtime.bigint();
          await session.run(feeds);
          times.push(Number(process.hrtime.bigint() - t0) / 1e6);
        }
        times.sort((a, b) => a - b);
        const n = times.length, median = n % 2 ? times[(n - 1) / 2] : (times[n / 2 - 1] + times[n / 2]) / 2;
        console.log(`steady ${dir}: ${n} runs: per run min ${times[0].toFixed(3)} ms, median ${median.toFixed(3)} ms, max ${times[n - 1].toFixed(3)} ms`);
      }
      for (let k = 0; k < expected.length; ++k) {
        const name = session.outputNames.includes(expected[k].name) ? expected[k].name : session.outputNames[k];
        if (options.diffs && ['float32', 'float64'].includes(expected[k].tensor.type)) {
          const { abs, rel } = largestDifferences(results[name], expected[k].tensor);
          console.log(`diff ${dir} ${set} ${name}: largest absolute ${abs.toExponential(3)}, relative ${rel.toExponential(3)}`);
        }
        if (options.noCompare) continue;
        const diff = compare(results[name], expected[k].tensor, options.rtol, options.atol);
        if (diff) return `${set}: output '${name}': ${diff}`;
      }
    }
    // With --no-compare (timing), what the session cost apart from reading the test's files.
    if (options.noCompare) console.log(`timing ${dir}: session ${sessionMs.toFixed(1)} ms, run ${runMs.toFixed(1)} ms`);
    return null;
  } finally {
    await session.release();
  }
}

async function main(args) {
  // Warnings (opset 6 "is not guaranteed", and the like) would bury the results; errors still show.
  ort.env.logLevel = 'error';
  const sessionOptions = { logSeverityLevel: 3 };
  let runModel = null, outputDir = null;
  const options = { diffs: false, noCompare: false, rtol: 1e-3, atol: 1e-7 };
  const roots = [];
  for (let i = 0; i < args.length; ++i) {
    if (args[i] === '--threads') sessionOptions.intraOpNumThreads = Number(args[++i]);
    else if (args[i] === '--run') runModel = args[++i];
    else if (args[i] === '--output-dir') outputDir = args[++i];
    else if (args[i] === '--diffs') options.diffs = true;
    else if (args[i] === '--no-compare') options.noCompare = true;
    else if (args[i] === '--repeat') options.repeat = Number(args[++i]);
    else if (args[i] === '--rtol') options.rtol = Number(args[++i]);
    else if (args[i] === '--atol') options.atol = Number(args[++i]);
    else roots.push(args[i]);
  }

  if (runModel) {
    const session = await ort.InferenceSession.create(runModel, sessionOptions);
    const results = await session.run({});
    fs.mkdirSync(outputDir, { recursive: true });
    session.outputNames.forEach((name, k) => writeTensorFile(path.join(outputDir, `output_${k}.pb`), results[name], name));
    return 0;
  }

  const start = process.hrtime.bigint();
  const tests = roots.flatMap((root) => findTests(root, []));
  let passed = 0, failed = 0;
  for (const dir of tests) {
    let problem;
    try { problem = await runTest(dir, sessionOptions, options); } catch (e) { problem = String(e.message || e); }
    if (problem) { ++failed; console.log(`FAILED ${dir}: ${problem}`); } else ++passed;
  }
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  console.log(`onnxruntime-node ${ort.env.versions.node}: ${passed} passed, ${failed} failed, ${ms.toFixed(1)} ms in the runner`);
  return failed ? 1 : 0;
}

main(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (e) => { console.error(e); process.exitCode = 2; });
