// The TensorProto fields backend-test files use (dims, data_type, the typed data fields, name,
// raw_data), read without a protobuf library, as onnxruntime-node tensors: shared by
// ort_runner.js and ort_departures.js.
'use strict';

// ONNX data_type -> [onnxruntime type name, typed array]; float16's int32_data holds the bits.
const TYPES = {
  1: ['float32', Float32Array], 2: ['uint8', Uint8Array], 3: ['int8', Int8Array],
  4: ['uint16', Uint16Array], 5: ['int16', Int16Array], 6: ['int32', Int32Array],
  7: ['int64', BigInt64Array], 8: ['string', Array], 9: ['bool', Uint8Array], 10: ['float16', Uint16Array],
  11: ['float64', Float64Array], 12: ['uint32', Uint32Array], 13: ['uint64', BigUint64Array],
};

class Reader {
  constructor(buf) { this.buf = buf; this.pos = 0; }
  done() { return this.pos >= this.buf.length; }
  varint() {  // as BigInt: int64 values such as -1 take ten bytes
    let result = 0n, shift = 0n;
    for (;;) {
      const b = this.buf[this.pos++];
      result |= BigInt(b & 0x7f) << shift;
      if (!(b & 0x80)) return result;
      shift += 7n;
    }
  }
  bytes() { const n = Number(this.varint()); const s = this.buf.subarray(this.pos, this.pos + n); this.pos += n; return s; }
  skip(wire) {
    if (wire === 0) this.varint();
    else if (wire === 1) this.pos += 8;
    else if (wire === 2) this.bytes();
    else if (wire === 5) this.pos += 4;
    else throw new Error(`unsupported wire type ${wire}`);
  }
}

// Reads a repeated scalar field that may be packed (wire type 2) or not.
function repeated(r, wire, out, readOne) {
  if (wire !== 2) { out.push(readOne(r)); return; }
  const inner = new Reader(r.bytes());
  while (!inner.done()) out.push(readOne(inner));
}
const asInt64 = (r) => BigInt.asIntN(64, r.varint());
const asUint64 = (r) => BigInt.asUintN(64, r.varint());
const asFloat = (r) => { const v = r.buf.readFloatLE(r.pos); r.pos += 4; return v; };
const asDouble = (r) => { const v = r.buf.readDoubleLE(r.pos); r.pos += 8; return v; };

// { name, tensor: ort.Tensor } of a serialized TensorProto; `Refusal` (an Error class) is thrown
// for an element type onnxruntime-node's JS API cannot carry or a file that is no tensor.
function decodeTensor(ort, buf, Refusal = Error) {
  const r = new Reader(buf);
  const t = { dims: [], dataType: 0, name: '', raw: null, values: [], strings: [] };
  while (!r.done()) {
    const tag = Number(r.varint());
    const field = tag >>> 3, wire = tag & 7;
    switch (field) {
      case 1: repeated(r, wire, t.dims, (x) => Number(asInt64(x))); break;
      case 2: t.dataType = Number(r.varint()); break;
      case 4: repeated(r, wire, t.values, asFloat); break;
      case 5: repeated(r, wire, t.values, (x) => Number(BigInt.asIntN(32, x.varint()))); break;
      case 6: t.strings.push(r.bytes().toString('utf8')); break;
      case 7: repeated(r, wire, t.values, asInt64); break;
      case 8: t.name = r.bytes().toString('utf8'); break;
      case 9: t.raw = r.bytes(); break;
      case 10: repeated(r, wire, t.values, asDouble); break;
      case 11: repeated(r, wire, t.values, asUint64); break;
      default: r.skip(wire);
    }
  }
  const type = TYPES[t.dataType];
  if (!type) throw new Refusal(`element type ${t.dataType}`);
  const [typeName, Array_] = type;
  const count = t.dims.reduce((a, b) => a * b, 1);
  let data;
  if (typeName === 'string') data = t.strings;
  else if (t.raw) {
    data = new Array_(count);  // a fresh, aligned buffer: raw_data may sit at any offset
    new Uint8Array(data.buffer).set(t.raw);
  } else if (Array_ === BigInt64Array || Array_ === BigUint64Array) data = Array_.from(t.values, BigInt);
  else data = Array_.from(t.values, Number);
  if (data.length !== count) throw new Refusal(`${typeName}[${t.dims}] holds ${data.length} elements (not a tensor file)`);
  return { name: t.name, tensor: new ort.Tensor(typeName, data, t.dims) };
}

module.exports = { TYPES, decodeTensor };
