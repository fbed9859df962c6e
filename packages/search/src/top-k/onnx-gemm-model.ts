/**
 * A one-node ONNX model, `S = Gemm(Q, D, transB = 1)` (S = Q·Dᵀ), for {@link topKOnnx}, written directly
 * in the protobuf wire format (no protobuf library): ModelProto { ir_version 8, opset_import { "" 13 },
 * graph { node Gemm(Q, D) → S; inputs Q: float[n, dims], D: float[m, dims]; output S: float[n, m] } }.
 * Field numbers are those of onnx/onnx.proto.
 *
 * @internal
 */

function varint(value: number): number[] {
  const out: number[] = [];
  let n = value;
  while (n > 127) {
    out.push((n & 127) | 128);
    n = Math.floor(n / 128);
  }
  out.push(n);
  return out;
}

/** A length-delimited field (wire type 2). */
const bytesField = (field: number, bytes: number[]) => [...varint((field << 3) | 2), ...varint(bytes.length), ...bytes];
/** A varint field (wire type 0). */
const intField = (field: number, value: number) => [...varint(field << 3), ...varint(value)];
const stringField = (field: number, text: string) => bytesField(field, [...new TextEncoder().encode(text)]);

/** ValueInfoProto of a float tensor; a string dimension is symbolic (dim_param), a number fixed (dim_value). */
function floatTensorInfo(name: string, dims: readonly (number | string)[]): number[] {
  const shape = dims.flatMap((d) => bytesField(1, typeof d === 'number' ? intField(1, d) : stringField(2, d)));
  const tensorType = [...intField(1, 1 /* FLOAT */), ...bytesField(2, shape)];
  return [...stringField(1, name), ...bytesField(2, bytesField(1, tensorType))];
}

/**
 * The model bytes for `dims` columns.
 *
 * @example
 * const session = await ort.InferenceSession.create(gemmModel(1024));
 */
export function gemmModel(dims: number): Uint8Array {
  const transB = [...stringField(1, 'transB'), ...intField(3, 1), ...intField(20, 2 /* AttributeType INT */)];
  const node = [
    ...stringField(1, 'Q'),
    ...stringField(1, 'D'),
    ...stringField(2, 'S'),
    ...stringField(4, 'Gemm'),
    ...bytesField(5, transB),
  ];
  const graph = [
    ...bytesField(1, node),
    ...stringField(2, 'execret_topk'),
    ...bytesField(11, floatTensorInfo('Q', ['n', dims])),
    ...bytesField(11, floatTensorInfo('D', ['m', dims])),
    ...bytesField(12, floatTensorInfo('S', ['n', 'm'])),
  ];
  return new Uint8Array([...intField(1, 8), ...bytesField(7, graph), ...bytesField(8, intField(2, 13))]);
}
