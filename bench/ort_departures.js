// Runs a gen-suite folder (onnx-ref gen-suite OUT) through onnxruntime-node and writes, per operator
// version, where onnxruntime departs from the exact goldens beyond the tolerance the manifest
// records for a float32 backend: an HTML matrix and a JSON file of every test's outcome.
//
//   node ort_departures.js SUITE OUT.html OUT.json
//
// Outcomes: "within" (within the recorded tolerance), "departs" (beyond it: the first element that
// is), "refused" (onnxruntime does not load the model: an operator version or type it lacks),
// "run error", "not run" (an element type onnxruntime-node's JS API cannot carry), and for the
// node-errors folder "refused" (right) or "accepted" (it ran a model a strict backend refuses).
// NODE_PATH must reach the onnxruntime-node package (scripts/ort-departures.sh installs it).
'use strict';
const fs = require('fs');
const path = require('path');
const ort = require('onnxruntime-node');

const { decodeTensor: decodeTensorProto } = require('./tensor_proto.js');

class NotRunnable extends Error {}

const decodeTensor = (buf) => decodeTensorProto(ort, buf, NotRunnable);

function numbered(dir, prefix) {
  const files = [];
  for (let k = 0; fs.existsSync(path.join(dir, `${prefix}${k}.pb`)); ++k) files.push(path.join(dir, `${prefix}${k}.pb`));
  return files.map((f) => decodeTensor(fs.readFileSync(f)));
}

// ---- Distances ----

// A float's bits as an integer that orders like the value (so the difference counts ulps).
function orderedBits(type, data, i) {
  if (type === 'float32') {
    const b = new Int32Array(new Float32Array([data[i]]).buffer)[0];
    return b < 0 ? -2147483648 - b : b;
  }
  if (type === 'float16') {
    const b = data[i];
    return b & 0x8000 ? -(b & 0x7fff) : b;
  }
  const b = new BigInt64Array(new Float64Array([data[i]]).buffer)[0];
  return Number(b < 0n ? -9223372036854775808n - b : b);
}
function isNaNElement(type, data, i) {
  if (type === 'float16') return (data[i] & 0x7c00) === 0x7c00 && (data[i] & 0x03ff) !== 0;
  return Number.isNaN(data[i]);
}
function floatValue(type, data, i) {
  if (type !== 'float16') return data[i];
  const b = data[i], sign = b & 0x8000 ? -1 : 1, e = (b >> 10) & 0x1f, m = b & 0x3ff;
  if (e === 0) return sign * m * 2 ** -24;
  if (e === 31) return m ? NaN : sign * Infinity;
  return sign * (1 + m / 1024) * 2 ** (e - 15);
}

// null within the tolerance, otherwise the first element beyond it.
function departure(actual, expected, tol) {
  if (actual.type !== expected.type) return { what: `type ${actual.type}, expected ${expected.type}` };
  if (actual.dims.join() !== expected.dims.join()) return { what: `shape [${actual.dims}], expected [${expected.dims}]` };
  if (tol.rule === 'random') return null;
  const a = actual.data, e = expected.data, type = expected.type;
  const floating = ['float32', 'float64', 'float16'].includes(type);
  let worst = null;
  for (let i = 0; i < e.length; ++i) {
    if (!floating) {
      if (a[i] !== e[i]) return { what: `element ${i}: got ${a[i]}, expected ${e[i]}` };
      continue;
    }
    const an = isNaNElement(type, a, i), en = isNaNElement(type, e, i);
    if (an || en) {
      if (an !== en) return { what: `element ${i}: got ${floatValue(type, a, i)}, expected ${floatValue(type, e, i)}`, ulp: Infinity };
      continue;
    }
    const ulp = Math.abs(orderedBits(type, a, i) - orderedBits(type, e, i));
    if (ulp === 0) continue;
    const allowed = tol.rule === 'exact' ? 0 : tol.ulp;
    const atolOk = tol.rule === 'gemm' && Math.abs(floatValue(type, a, i) - floatValue(type, e, i)) <= tol.atol;
    if (ulp <= allowed || atolOk) continue;
    if (!worst || ulp > worst.ulp)
      worst = { what: `element ${i}: got ${floatValue(type, a, i)}, expected ${floatValue(type, e, i)} (${ulp} ulp)`, ulp };
  }
  return worst;
}

async function runCase(dir, entry) {
  let session;
  try {
    session = await ort.InferenceSession.create(path.join(dir, 'model.onnx'), { logSeverityLevel: 3, intraOpNumThreads: 1 });
  } catch (e) {
    return { outcome: 'refused', detail: String(e.message || e).split('\n')[0].slice(0, 300) };
  }
  try {
    const set = path.join(dir, 'test_data_set_0');
    let inputs, expected;
    try {
      inputs = numbered(set, 'input_');
      expected = entry.kind === 'node' ? numbered(set, 'output_') : [];
    } catch (e) {
      if (e instanceof NotRunnable) return { outcome: 'not run', detail: e.message };
      throw e;
    }
    const feeds = {};
    inputs.forEach((t, k) => { feeds[session.inputNames.includes(t.name) ? t.name : session.inputNames[k]] = t.tensor; });
    let results;
    try {
      results = await session.run(feeds);
    } catch (e) {
      return { outcome: entry.kind === 'node' ? 'run error' : 'refused', detail: String(e.message || e).split('\n')[0].slice(0, 300) };
    }
    if (entry.kind !== 'node') return { outcome: 'accepted', detail: 'ran a model a strict backend refuses: ' + entry.rule };
    let worst = null;
    for (let k = 0; k < expected.length; ++k) {
      const name = session.outputNames.includes(expected[k].name) ? expected[k].name : session.outputNames[k];
      const d = departure(results[name], expected[k].tensor, entry.tolerance);
      if (d && (!worst || (d.ulp || Infinity) > (worst.ulp || 0))) worst = { ...d, what: `output '${name}': ${d.what}` };
    }
    return worst ? { outcome: 'departs', detail: worst.what } : { outcome: 'within' };
  } finally {
    await session.release();
  }
}

const OUTCOMES = ['within', 'departs', 'refused', 'run error', 'not run', 'accepted'];
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

function renderHtml(rows, totals, suite) {
  const head = `<tr><th>operator version</th><th>contract</th><th>tests</th>${OUTCOMES.map((o) => `<th>${o}</th>`).join('')}<th>first departure</th></tr>`;
  const body = rows.map((r) => {
    const cls = r.counts.departs ? 'd' : r.counts['run error'] || r.counts.accepted ? 'e' : r.counts.within ? 'w' : 'n';
    return `<tr class="${cls}"><td>${esc(r.label)}</td><td>${esc(r.contract)}</td><td>${r.tests}</td>` +
      OUTCOMES.map((o) => `<td>${r.counts[o] || ''}</td>`).join('') +
      `<td>${r.example ? `<code>${esc(r.example.test)}</code>: ${esc(r.example.detail)}` : ''}</td></tr>`;
  }).join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><title>onnxruntime departures from exact goldens</title>
<style>body{font:12px system-ui,sans-serif;margin:12px}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px;text-align:left}
tr.d td{background:#fde2e1}tr.e td{background:#fff4d6}tr.w td{background:#e6f4ea}tr.n td{background:#f1f3f4}code{font-size:11px}</style></head><body>
<h1>Where onnxruntime ${esc(ort.env.versions.common || '')} departs from onnx-ref's exact goldens</h1>
<p>Suite: <code>${esc(suite)}</code>. Each test's tolerance is the one its manifest records for a float32 backend
(exact, N ulp, or the GEMM bound). Totals: ${OUTCOMES.map((o) => `${o} ${totals[o] || 0}`).join(', ')}.</p>
<table>${head}\n${body}</table></body></html>\n`;
}

async function main([suite, htmlOut, jsonOut]) {
  ort.env.logLevel = 'error';
  const manifest = JSON.parse(fs.readFileSync(path.join(suite, 'manifest.json'), 'utf8'));
  const byVersion = new Map();
  const results = [];
  const totals = {};
  for (const entry of manifest.tests) {
    const dir = path.join(suite, entry.kind, entry.name);
    let r;
    try { r = await runCase(dir, entry); } catch (e) { r = { outcome: 'not run', detail: String(e.message || e).split('\n')[0] }; }
    const label = `${entry.domain ? entry.domain + ':' : ''}${entry.op}-${entry.version}`;
    results.push({ name: entry.name, kind: entry.kind, label, ...r });
    totals[r.outcome] = (totals[r.outcome] || 0) + 1;
    if (!byVersion.has(label)) byVersion.set(label, { label, contract: entry.contract, tests: 0, counts: {}, example: null });
    const row = byVersion.get(label);
    row.tests++;
    row.counts[r.outcome] = (row.counts[r.outcome] || 0) + 1;
    if (!row.example && (r.outcome === 'departs' || r.outcome === 'accepted' || r.outcome === 'run error'))
      row.example = { test: entry.name, detail: r.detail };
  }
  const rows = [...byVersion.values()];
  fs.writeFileSync(htmlOut, renderHtml(rows, totals, suite));
  fs.writeFileSync(jsonOut, JSON.stringify({ onnxruntime: ort.env.versions, totals, versions: rows, tests: results }, null, 1));
  const departing = rows.filter((r) => r.counts.departs).length;
  console.log(`onnxruntime-node: ${manifest.tests.length} tests over ${rows.length} operator versions: ` +
    OUTCOMES.map((o) => `${o} ${totals[o] || 0}`).join(', ') + `; ${departing} versions depart beyond tolerance`);
  return 0;
}

main(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (e) => { console.error(e); process.exitCode = 2; });
